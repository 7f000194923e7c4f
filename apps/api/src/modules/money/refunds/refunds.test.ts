import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Application, Refund, RefundDue } from '@portal/contract';
import {
  allotments,
  applicants,
  applications,
  auditLog,
  invoices,
  ledgerEntries,
  mailOutbox,
  notifications,
  refunds,
  timelineEvents,
} from '../../../db/schema';
import { nextNumber } from '../../../repositories/counters';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, insertTestInvoices, insertTestPayment } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

/** The profile entrepreneurWithProfile saves (its bank account among it), less the PAN an update does not carry. */
const PROFILE = {
  address: '1 Test Road',
  city: 'Warangal',
  state: 'Telangana',
  pincode: '506001',
  bank_name: 'Test Bank',
  bank_account: '1234567890',
  bank_ifsc: 'TEST0001234',
};

type Owner = { token: string; email: string; userId: string; applicantId: string };

describe(`refunds with maker-checker, the applicant's withdrawal and verified bank details (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let maker: string;
  let checker: string;
  let admin: string;
  let owner: Owner;
  let stranger: Owner;

  const post = (token: string, url: string, payload?: object) =>
    ctx.request(token, { method: 'POST', url, ...(payload ? { payload } : {}) });
  const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });

  /** An application of `who` in `status` whose EMD (2,00,000) and processing fee (11,800) are paid. */
  async function paidApplication(who: Owner, status: Application['status']) {
    const application = await insertTestApplication(ctx, status, { ownerEmail: who.email });
    const [fee, emd] = await insertTestInvoices(ctx, application.id);
    for (const invoice of [fee!, emd!]) {
      await ctx.db.update(invoices).set({ status: 'paid', paidAt: new Date() }).where(eq(invoices.id, invoice.id));
      await insertTestPayment(ctx, invoice, who.userId);
    }
    return application;
  }

  const dueList = async (): Promise<RefundDue[]> => {
    const response = await get(maker, '/api/refunds/due?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const refundRow = async (id: string) => (await ctx.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
  const balanceOf = async (applicationId: string) => {
    const [row] = await ctx.db
      .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit}), 0)::text` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.applicationId, applicationId));
    return Number(row!.balance);
  };
  const verifyBank = (applicantId: string) =>
    ctx.request(maker, { method: 'PUT', url: `/api/applicants/${applicantId}/bank-verification` });
  const prepare = async (applicationId: string, kind: 'emd' | 'surrender' = 'emd'): Promise<Refund> => {
    const response = await post(maker, '/api/refunds', { application_id: applicationId, kind });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    maker = await ctx.tokenFor('finance');
    admin = await ctx.tokenFor('admin');
    const email = `finance-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const created = await post(admin, '/api/users', {
      email,
      password: 'Quiet-Harbour-73',
      full_name: 'Second Finance Officer',
      role: 'finance',
    });
    expect(created.statusCode, created.body).toBe(201);
    checker = await ctx.tokenFor(email, 'Quiet-Harbour-73');
    owner = await entrepreneurWithProfile(ctx, 'Refund Works');
    stranger = await entrepreneurWithProfile(ctx, 'Stranger Works');
  });
  afterAll(() => ctx.close());

  it('lists a rejected application with its EMD paid as due, for the EMD paid, and only to finance', async () => {
    const application = await paidApplication(owner, 'rejected');
    const unpaid = await insertTestApplication(ctx, 'rejected', { ownerEmail: owner.email });
    await insertTestInvoices(ctx, unpaid.id);
    const due = await dueList();
    const row = due.find((item) => item.application_id === application.id);
    expect(row).toMatchObject({
      kind: 'emd',
      amount: 200_000,
      reason: 'rejected',
      payee_user_id: owner.userId,
      applicant_id: owner.applicantId,
      bank_verified: false,
    });
    // Nothing was paid on the other: nothing is due.
    expect(due.some((item) => item.application_id === unpaid.id)).toBe(false);
    expect((await get(owner.token, '/api/refunds/due')).statusCode).toBe(403);
  });

  it('refuses the maker as checker (403) and an unverified account (409); approved and paid, the ledger nets to zero and the payee is told', async () => {
    const application = await paidApplication(owner, 'rejected');
    // The amount is the rule's, whatever the body says.
    const response = await post(maker, '/api/refunds', { application_id: application.id, kind: 'emd', amount: 1 });
    expect(response.statusCode, response.body).toBe(201);
    const refund: Refund = response.json();
    expect(refund).toMatchObject({ status: 'prepared', amount: 200_000, kind: 'emd', payee_user_id: owner.userId });
    expect(refund.refund_number).toMatch(/^RFD-/);
    // Prepared, it is no longer due; a second preparation is refused.
    expect((await dueList()).some((item) => item.application_id === application.id)).toBe(false);
    const again = await post(maker, '/api/refunds', { application_id: application.id, kind: 'emd' });
    expect(again.statusCode).toBe(409);

    // The maker may not check.
    const self = await post(maker, `/api/refunds/${refund.id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('maker_cannot_check');
    expect((await post(maker, `/api/refunds/${refund.id}/reject`, { reason: 'Not mine to decide' })).statusCode).toBe(
      403,
    );
    expect((await refundRow(refund.id)).status).toBe('prepared');

    // Another finance user, but the bank details are not verified.
    await ctx.db.update(applicants).set({ bankVerifiedAt: null }).where(eq(applicants.id, owner.applicantId));
    const unverified = await post(checker, `/api/refunds/${refund.id}/approve`);
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().code).toBe('bank_not_verified');
    expect((await refundRow(refund.id)).status).toBe('prepared');
    expect(await balanceOf(application.id)).toBe(0);

    // Verified, approved: the amount owed back is credited and the payee told.
    const verified = await verifyBank(owner.applicantId);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().bank_account_masked).toBe('XXXXXX7890');
    expect(verified.json().verified_at).not.toBeNull();
    const approved = await post(checker, `/api/refunds/${refund.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', bank: { bank_account_masked: 'XXXXXX7890' } });
    expect((await refundRow(refund.id)).bankAccount).toBe(PROFILE.bank_account);
    expect(await balanceOf(application.id)).toBe(-200_000);

    // Paid before approval's day or in the future: refused; then paid with the UTR.
    const utr = `SBIN${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const future = await post(maker, `/api/refunds/${refund.id}/paid`, { utr, paid_on: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const paid = await post(maker, `/api/refunds/${refund.id}/paid`, { utr: utr.toLowerCase(), paid_on: today });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', utr });
    // Paid twice: refused.
    expect((await post(maker, `/api/refunds/${refund.id}/paid`, { utr: `${utr}X`, paid_on: today })).statusCode).toBe(
      409,
    );

    // The EMD invoice and fee, their payments, the refund owed and the refund paid: nothing owed either way.
    expect(await balanceOf(application.id)).toBe(0);
    const lines = await ctx.db
      .select({ type: ledgerEntries.entryType, key: ledgerEntries.sourceKey })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.refundId, refund.id));
    expect(lines.map((line) => line.key).sort()).toEqual([`refund:${refund.id}`, `refund_due:${refund.id}`]);

    // The applicant is told in the portal and by mail, with the UTR; they see their refund, another does not.
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.code, 'refund_paid')));
    expect(told.map((row) => row.params.utr)).toContain(utr);
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, owner.userId), eq(mailOutbox.template, 'refund_paid')));
    expect(mails.map((row) => row.params.utr)).toContain(utr);
    expect(
      (await ctx.db.select().from(notifications).where(eq(notifications.code, 'refund_approved'))).length,
    ).toBeGreaterThan(0);
    const mine = await get(owner.token, `/api/refunds?application_id=${application.id}`);
    expect(mine.json().map((row: Refund) => row.id)).toEqual([refund.id]);
    expect((await get(owner.token, `/api/refunds/${refund.id}`)).json().utr).toBe(utr);
    expect((await get(stranger.token, `/api/refunds/${refund.id}`)).statusCode).toBe(404);
    expect((await get(stranger.token, '/api/refunds')).json()).toEqual([]);

    // The audit trail names the maker, the checker and the payer.
    const trail = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'refunds'), eq(auditLog.entityId, refund.id)));
    const actorOf = (status: string) =>
      trail.find((row) =>
        row.action === 'insert'
          ? status === 'prepared'
          : (row.changes as Record<string, unknown[]>).status?.[1] === status,
      )?.actorId;
    const final = await refundRow(refund.id);
    expect(actorOf('prepared')).toBe(final.preparedBy);
    expect(actorOf('approved')).toBe(final.approvedBy);
    expect(actorOf('paid')).toBe(final.paidBy);
    expect(final.approvedBy).not.toBe(final.preparedBy);
  });

  it('refuses a UTR already recorded on another refund (409)', async () => {
    const utr = `HDFC${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await verifyBank(owner.applicantId);
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const application = await paidApplication(owner, 'rejected');
      const refund = await prepare(application.id);
      expect((await post(checker, `/api/refunds/${refund.id}/approve`)).statusCode).toBe(200);
      ids.push(refund.id);
    }
    expect((await post(maker, `/api/refunds/${ids[0]}/paid`, { utr, paid_on: today })).statusCode).toBe(200);
    const reused = await post(maker, `/api/refunds/${ids[1]}/paid`, { utr, paid_on: today });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('utr_already_used');
    expect((await refundRow(ids[1]!)).status).toBe('approved');
  });

  it('makes a rejected refund due again, and decides a refund once (409 refund_state)', async () => {
    const application = await paidApplication(owner, 'rejected');
    const refund = await prepare(application.id);
    const short = await post(checker, `/api/refunds/${refund.id}/reject`, { reason: 'no' });
    expect(short.statusCode).toBe(422);
    const rejected = await post(checker, `/api/refunds/${refund.id}/reject`, { reason: 'Bank proof does not match' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: 'Bank proof does not match' });
    const again = await post(checker, `/api/refunds/${refund.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('refund_state');
    // Nothing was posted to the ledger, and the EMD is due again.
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.refundId, refund.id))).toEqual([]);
    expect((await dueList()).some((item) => item.application_id === application.id)).toBe(true);
    const second = await prepare(application.id);
    expect(second.id).not.toBe(refund.id);
  });

  it('approves once when two checkers race, and posts the amount owed once', async () => {
    await verifyBank(owner.applicantId);
    const application = await paidApplication(owner, 'rejected');
    const refund = await prepare(application.id);
    const answers = await Promise.all([
      post(checker, `/api/refunds/${refund.id}/approve`),
      post(admin, `/api/refunds/${refund.id}/approve`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const owed = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refundId, refund.id), eq(ledgerEntries.entryType, 'refund_due')));
    expect(owed).toHaveLength(1);
  });

  it('clears the verification when the applicant changes their bank account on their profile', async () => {
    const who = await entrepreneurWithProfile(ctx, 'Changing Bank Works');
    expect((await verifyBank(who.applicantId)).statusCode).toBe(200);
    const profile = await get(who.token, '/api/applicants/me');
    expect(profile.json().bank_verified_at).not.toBeNull();
    // Saved with the same details: still verified.
    const same = PROFILE;
    const unchanged = await ctx.request(who.token, {
      method: 'PUT',
      url: '/api/applicants/me',
      payload: { ...same, organization_name: 'Changing Bank Works' },
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().bank_verified_at).not.toBeNull();
    const changed = await ctx.request(who.token, {
      method: 'PUT',
      url: '/api/applicants/me',
      payload: { ...same, organization_name: 'Changing Bank Works', bank_account: '99887766554433' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().bank_verified_at).toBeNull();
    const [row] = await ctx.db.select().from(applicants).where(eq(applicants.id, who.applicantId));
    expect(row!.bankVerifiedAt).toBeNull();
    expect(row!.bankVerifiedBy).toBeNull();
    // Only finance verifies.
    expect(
      (await ctx.request(who.token, { method: 'PUT', url: `/api/applicants/${who.applicantId}/bank-verification` }))
        .statusCode,
    ).toBe(403);
  });

  it('lets the owner withdraw from submitted, makes the paid EMD due, and refuses another (404) and after allotment (409)', async () => {
    const application = await paidApplication(owner, 'submitted');
    expect(
      (await post(stranger.token, `/api/applications/${application.id}/withdraw`, { reason: 'Not mine' })).statusCode,
    ).toBe(404);
    expect((await post(maker, `/api/applications/${application.id}/withdraw`, {})).statusCode).toBe(403);

    const withdrawn = await post(owner.token, `/api/applications/${application.id}/withdraw`, {
      reason: 'We found land elsewhere',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', waiting_on: null });
    const [row] = await ctx.db.select().from(applications).where(eq(applications.id, application.id));
    expect(row!.stageDueOn).toBeNull();
    const entries = await ctx.db
      .select()
      .from(timelineEvents)
      .where(
        and(eq(timelineEvents.applicationId, application.id), eq(timelineEvents.eventCode, 'application_withdrawn')),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.params).toMatchObject({ reason: 'We found land elsewhere', from: 'submitted' });
    const receipt = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.applicationId, application.id), eq(notifications.code, 'application_withdrawn')));
    expect(receipt.map((item) => item.userId)).toEqual([owner.userId]);

    // Its EMD is due back to the applicant.
    const due = (await dueList()).find((item) => item.application_id === application.id);
    expect(due).toMatchObject({ kind: 'emd', reason: 'withdrawn', amount: 200_000 });

    // Withdrawn once: again is 409, and so is an allotted application or a draft.
    expect((await post(owner.token, `/api/applications/${application.id}/withdraw`, {})).statusCode).toBe(409);
    const allotted = await insertTestApplication(ctx, 'provisional_allotment', { ownerEmail: owner.email });
    const late = await post(owner.token, `/api/applications/${allotted.id}/withdraw`, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('wrong_state');
    const draft = await insertTestApplication(ctx, 'draft', { ownerEmail: owner.email });
    expect((await post(owner.token, `/api/applications/${draft.id}/withdraw`, {})).statusCode).toBe(409);
  });

  it("lists a surrendered allotment's refund as due to its holder, and prepares it for that amount", async () => {
    const application = await insertTestApplication(ctx, 'possession_given', { ownerEmail: owner.email });
    const [allotment] = await ctx.db
      .insert(allotments)
      .values({
        allotmentNumber: await nextNumber(ctx.db, 'allotment'),
        applicationId: application.id,
        assetId: application.assetId,
        allotmentType: 'final',
        allotmentDate: '2025-04-01',
        status: 'surrendered',
        holderUserId: owner.userId,
        endedOn: '2026-03-31',
        refundDue: 123_456.78,
      })
      .returning();
    const due = (await dueList()).find((item) => item.allotment_id === allotment!.id);
    expect(due).toMatchObject({ kind: 'surrender', amount: 123_456.78, payee_user_id: owner.userId });
    const refund = await prepare(application.id, 'surrender');
    expect(refund).toMatchObject({ kind: 'surrender', amount: 123_456.78, allotment_id: allotment!.id });
    // No EMD is due on it: it was not rejected or withdrawn.
    expect((await post(maker, '/api/refunds', { application_id: application.id, kind: 'emd' })).statusCode).toBe(409);
  });

  it('pages the lists and filters refunds by status', async () => {
    const first = await get(maker, '/api/refunds/due?limit=1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(1);
    expect(Number(first.headers['x-total-count'])).toBeGreaterThan(1);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await get(maker, `/api/refunds/due?limit=1&cursor=${String(cursor)}`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()[0].application_id).not.toBe(first.json()[0].application_id);
    const paid = await get(maker, '/api/refunds?status=paid');
    expect(paid.json().length).toBeGreaterThan(0);
    expect(paid.json().every((row: Refund) => row.status === 'paid')).toBe(true);
  });
});
