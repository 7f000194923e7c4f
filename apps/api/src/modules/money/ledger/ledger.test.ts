// The ledger's read side through the API: a statement of account after a real submission and payments (opening,
// running and closing balances, every page right), a period's opening balance, who may read it, its PDF read back
// (a long one over several pages with the table's header on each), the no-dues certificate refused with a balance
// and issued at zero (and shown by /verify), and the ledger refusing UPDATE and DELETE.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  amountInWords,
  formatRupees,
  businessToday,
  type Application,
  type Invoice,
  type NoDuesCertificate,
  type Statement,
  type VerifiedDocument,
} from '@portal/contract';
import { ledgerEntries } from '../../../db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { insertTestApplication, setApplicationStatus } from '../../../test/workflow-fixtures';

async function pdfPages(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

/** The first error of a rejected promise's chain whose message names `pattern`. */
async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const messages: string[] = [];
    let current: unknown = error;
    while (current && typeof current === 'object') {
      messages.push(String((current as Error).message));
      current = (current as { cause?: unknown }).cause;
    }
    return messages.join(' | ');
  }
  return 'no error';
}

const round = (value: number) => Math.round(value * 100) / 100;

describe(`statement of account and no-dues certificate (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: { token: string; email: string; userId: string };
  let stranger: string;
  let finance: string;
  let application: Application;
  let invoices: Invoice[];
  let allotmentId: string;

  const get = (token: string, url: string) => ctx.request(token, { method: 'GET', url });
  const pay = async (token: string, invoice: Invoice) => {
    const paid = await ctx.request(token, {
      method: 'POST',
      url: '/api/payments',
      payload: {
        invoice_id: invoice.id,
        application_id: invoice.application_id,
        amount: invoice.amount_due ?? invoice.amount,
        payment_method: 'online',
        transaction_reference: `MOCK-LEDGER-${invoice.invoice_number}`,
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json();
  };
  const invoicesOf = async (applicationId: string): Promise<Invoice[]> =>
    (await get(owner.token, `/api/invoices?application_id=${applicationId}&limit=200`)).json();

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await entrepreneurWithProfile(ctx, 'Godavari Ledger Works');
    ({ token: stranger } = await entrepreneurWithProfile(ctx, 'Someone Else Pvt Ltd'));
    finance = await ctx.tokenFor('finance');
    const [asset] = (await get(owner.token, '/api/assets/available')).json();
    const created = await ctx.request(owner.token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: asset.id,
        project_description: 'Rice bran oil',
        estimated_investment: 4_000_000,
        employment_generation: 12,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    application = created.json();
    const submitted = await ctx.request(owner.token, {
      method: 'POST',
      url: `/api/applications/${application.id}/submit`,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    invoices = await invoicesOf(application.id);
    expect(invoices.length).toBeGreaterThanOrEqual(2);
    await pay(
      owner.token,
      invoices.find((invoice) => invoice.invoice_type === 'processing_fee')!,
    );
  });
  afterAll(() => ctx.close());

  describe('the statement', () => {
    it('after the submission and a payment: opening 0, each invoice a debit, the payment a credit, running balance', async () => {
      const response = await get(owner.token, `/api/applications/${application.id}/statement`);
      expect(response.statusCode, response.body).toBe(200);
      const statement: Statement = response.json();
      const fee = invoices.find((invoice) => invoice.invoice_type === 'processing_fee')!;
      const invoiced = round(invoices.reduce((sum, invoice) => sum + invoice.amount, 0));
      expect(statement.account).toMatchObject({
        application_id: application.id,
        application_number: application.application_number,
        allotment_number: null,
        holder_name: 'Godavari Ledger Works',
      });
      expect(statement.opening_balance).toBe(0);
      expect(statement.total_debit).toBe(invoiced);
      expect(statement.total_credit).toBe(fee.amount);
      expect(statement.closing_balance).toBe(round(invoiced - fee.amount));
      expect(statement.current_balance).toBe(statement.closing_balance);
      expect(statement.unpaid_invoices).toBe(invoices.length - 1);
      expect(response.headers['x-total-count']).toBe(String(invoices.length + 1));
      expect(statement.entry_count).toBe(invoices.length + 1);
      // Every invoice is a debit, the payment the last entry, a credit of the fee; the balance runs in ledger order.
      expect(
        statement.entries
          .filter((entry) => entry.entry_type === 'invoice')
          .map((entry) => entry.reference)
          .sort(),
      ).toEqual(invoices.map((invoice) => invoice.invoice_number).sort());
      const last = statement.entries.at(-1)!;
      expect(last).toMatchObject({ entry_type: 'payment', debit: 0, credit: fee.amount });
      let running = 0;
      for (const entry of statement.entries) {
        running = round(running + entry.debit - entry.credit);
        expect(entry.balance).toBe(running);
      }
      expect(last.balance).toBe(statement.closing_balance);
    });

    it('pages its entries (offset and cursor) with the running balance right on every page', async () => {
      const whole: Statement = (await get(owner.token, `/api/applications/${application.id}/statement`)).json();
      const byOffset: Statement['entries'] = [];
      for (let offset = 0; offset < whole.entries.length; offset++) {
        const page = await get(owner.token, `/api/applications/${application.id}/statement?limit=1&offset=${offset}`);
        const body: Statement = page.json();
        expect(body.entries).toHaveLength(1);
        expect(body.closing_balance).toBe(whole.closing_balance);
        byOffset.push(...body.entries);
      }
      expect(byOffset).toEqual(whole.entries);

      const byCursor: Statement['entries'] = [];
      let url = `/api/applications/${application.id}/statement?limit=1`;
      for (let guard = 0; guard < 20; guard++) {
        const page = await get(owner.token, url);
        byCursor.push(...(page.json() as Statement).entries);
        const cursor = page.headers['x-next-cursor'];
        if (!cursor) break;
        url = `/api/applications/${application.id}/statement?limit=1&cursor=${cursor}`;
      }
      expect(byCursor).toEqual(whole.entries);
      expect(
        (await get(owner.token, `/api/applications/${application.id}/statement?cursor=not-a-cursor`)).statusCode,
      ).toBe(422);
    });

    it('a period has the balance of everything before it as its opening balance', async () => {
      const other = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
      const post = (day: string, side: 'debit' | 'credit', amount: number, reference: string) =>
        ctx.db.insert(ledgerEntries).values({
          applicationId: other.id,
          entryType: 'adjustment',
          [side]: amount,
          sourceKey: `test:${other.id}:${reference}`,
          reference,
          postedAt: new Date(`${day}T10:00:00+05:30`),
        });
      await post('2025-04-10', 'debit', 1000.5, 'ADJ-T-1');
      await post('2025-05-10', 'credit', 250.25, 'ADJ-T-2');
      await post('2025-06-10', 'debit', 99.99, 'ADJ-T-3');
      await post('2025-07-10', 'credit', 850.24, 'ADJ-T-4');

      const periodResponse = await get(
        owner.token,
        `/api/applications/${other.id}/statement?from=2025-05-01&to=2025-06-30`,
      );
      expect(periodResponse.statusCode, periodResponse.body).toBe(200);
      const period: Statement = periodResponse.json();
      expect(period.opening_balance).toBe(1000.5);
      expect(period.entries.map((entry) => [entry.reference, entry.balance])).toEqual([
        ['ADJ-T-2', 750.25],
        ['ADJ-T-3', 850.24],
      ]);
      expect(period).toMatchObject({ total_debit: 99.99, total_credit: 250.25, closing_balance: 850.24 });
      expect(period.current_balance).toBe(0);

      // A day's entries belong to that day in India time: from the day of the last entry, only it.
      const last: Statement = (
        await get(owner.token, `/api/applications/${other.id}/statement?from=2025-07-10`)
      ).json();
      expect(last.opening_balance).toBe(850.24);
      expect(last.entries.map((entry) => entry.reference)).toEqual(['ADJ-T-4']);
      expect(last.closing_balance).toBe(0);

      expect(
        (await get(owner.token, `/api/applications/${other.id}/statement?from=2025-07-10&to=2025-07-01`)).statusCode,
      ).toBe(422);
    });

    it('is 404 for another entrepreneur, and read by finance', async () => {
      expect((await get(stranger, `/api/applications/${application.id}/statement`)).statusCode).toBe(404);
      expect((await get(stranger, `/api/applications/${application.id}/statement.pdf`)).statusCode).toBe(404);
      const read = await get(finance, `/api/applications/${application.id}/statement`);
      expect(read.statusCode).toBe(200);
      expect((read.json() as Statement).account.application_number).toBe(application.application_number);
    });

    it('reads back from its PDF: the account, the closing balance in figures and words, every entry', async () => {
      const statement: Statement = (await get(owner.token, `/api/applications/${application.id}/statement`)).json();
      const response = await get(owner.token, `/api/applications/${application.id}/statement.pdf`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      const text = (await pdfPages(response.rawPayload)).join(' ');
      for (const expected of [
        'Statement of Account',
        application.application_number,
        'Godavari Ledger Works',
        `${formatRupees(statement.closing_balance)} (${amountInWords(statement.closing_balance)}) payable to the Corporation`,
        ...statement.entries.map((entry) => entry.reference),
      ]) {
        expect(text).toContain(expected);
      }
    });

    it("runs a long statement over pages, the table's header on each, in the reader's language", async () => {
      const long = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
      await ctx.db.insert(ledgerEntries).values(
        Array.from({ length: 90 }, (_, index) => ({
          applicationId: long.id,
          entryType: index % 2 === 0 ? ('invoice' as const) : ('payment' as const),
          debit: index % 2 === 0 ? 1000 + index : 0,
          credit: index % 2 === 0 ? 0 : 1000 + index - 1,
          sourceKey: `test:${long.id}:${index}`,
          reference: `REF-${String(index).padStart(3, '0')}`,
          postedAt: new Date(Date.UTC(2000 + Math.floor(index / 4), 3, 1 + (index % 4))),
        })),
      );
      const pages = await pdfPages((await get(owner.token, `/api/applications/${long.id}/statement.pdf`)).rawPayload);
      expect(pages.length).toBeGreaterThan(1);
      for (const page of pages) expect(page).toContain('Balance (₹)');
      const text = pages.join(' ');
      expect(text).toContain('REF-000');
      expect(text).toContain('REF-089');

      await ctx.request(owner.token, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'hi' } });
      const hindi = (
        await pdfPages((await get(owner.token, `/api/applications/${long.id}/statement.pdf`)).rawPayload)
      ).join(' ');
      await ctx.request(owner.token, { method: 'PATCH', url: '/api/auth/me', payload: { language: 'en' } });
      expect(hindi).toContain('कुल नामे');
      expect(hindi).toContain('शेष (₹)');
    });
  });

  describe('the allotment and its no-dues certificate', () => {
    beforeAll(async () => {
      await setApplicationStatus(ctx, application.id, 'approved');
      const committee = await ctx.tokenFor('committee');
      const allotted = await ctx.request(committee, {
        method: 'POST',
        url: '/api/allotments',
        payload: {
          application_id: application.id,
          asset_id: application.asset_id,
          allotment_type: 'provisional',
          allotment_date: businessToday(),
          expiry_date: '2027-03-31',
        },
      });
      expect(allotted.statusCode, allotted.body).toBe(201);
      allotmentId = allotted.json().id;
    });

    it("is its application's account, for its holder and finance; 404 for another", async () => {
      const ofApplication: Statement = (await get(owner.token, `/api/applications/${application.id}/statement`)).json();
      const response = await get(owner.token, `/api/allotments/${allotmentId}/statement`);
      expect(response.statusCode, response.body).toBe(200);
      const statement: Statement = response.json();
      expect(statement.entries).toEqual(ofApplication.entries);
      expect(statement.account.allotment_id).toBe(allotmentId);
      expect(statement.account.allotment_number).toMatch(/^ALT-/);
      expect((await get(stranger, `/api/allotments/${allotmentId}/statement`)).statusCode).toBe(404);
      expect((await get(finance, `/api/allotments/${allotmentId}/statement`)).statusCode).toBe(200);
    });

    it('is refused while anything is owed (409 dues_outstanding with the balance), issued at zero, and verifies', async () => {
      const url = `/api/allotments/${allotmentId}/no-dues-certificate`;
      const owed: Statement = (await get(owner.token, `/api/allotments/${allotmentId}/statement`)).json();
      expect(owed.current_balance).toBeGreaterThan(0);
      const refused = await ctx.request(owner.token, { method: 'POST', url });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'dues_outstanding',
        reason: 'dues_outstanding',
        params: { amount: owed.current_balance.toFixed(2) },
      });
      expect((await get(owner.token, `${url}.pdf`)).statusCode).toBe(404);
      expect((await ctx.request(stranger, { method: 'POST', url })).statusCode).toBe(404);

      for (const invoice of await invoicesOf(application.id)) {
        if (invoice.status !== 'paid') await pay(owner.token, invoice);
      }
      const clear: Statement = (await get(owner.token, `/api/allotments/${allotmentId}/statement`)).json();
      expect(clear).toMatchObject({ current_balance: 0, closing_balance: 0, unpaid_invoices: 0 });

      const issued = await ctx.request(owner.token, { method: 'POST', url });
      expect(issued.statusCode, issued.body).toBe(201);
      const certificate: NoDuesCertificate = issued.json();
      expect(certificate).toMatchObject({
        allotment_id: allotmentId,
        as_on: businessToday(),
        holder_name: 'Godavari Ledger Works',
      });
      expect(certificate.document_number).toMatch(/^NDC-\d{4}-\d{6}$/);
      // Asked again the same day with nothing posted since, by finance too: the same certificate.
      const again = await ctx.request(finance, { method: 'POST', url });
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(certificate.id);
      // Another staff role may read but not ask for one.
      expect((await ctx.request(await ctx.tokenFor('zonal_manager'), { method: 'POST', url })).statusCode).toBe(403);

      const pdf = await get(owner.token, `${url}.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['x-verification-code']).toBe(certificate.verification_code);
      const text = (await pdfPages(pdf.rawPayload)).join(' ');
      for (const expected of [
        'No-Dues Certificate',
        certificate.document_number,
        'Godavari Ledger Works',
        clear.account.allotment_number!,
        '₹0 (Rupees Zero Only)',
        `Verification code: ${certificate.verification_code}`,
      ]) {
        expect(text).toContain(expected);
      }

      const verified = await ctx.request(null, {
        method: 'GET',
        url: `/api/verify/${certificate.verification_code}`,
        remoteAddress: '10.7.0.9',
      });
      expect(verified.statusCode).toBe(200);
      const document: VerifiedDocument = verified.json();
      expect(document).toMatchObject({
        kind: 'no_dues_certificate',
        document_number: certificate.document_number,
        holder_name: 'Godavari Ledger Works',
        status: 'valid',
        facts: {
          allotment_number: clear.account.allotment_number,
          application_number: application.application_number,
          as_on: businessToday(),
        },
      });
    });
  });

  it('the ledger refuses UPDATE and DELETE (append-only trigger)', async () => {
    const [entry] = await ctx.db.select().from(ledgerEntries).limit(1);
    expect(entry).toBeDefined();
    expect(
      await rejection(ctx.db.execute(sql`update ledger_entries set debit = debit + 1 where id = ${entry!.id}`)),
    ).toMatch(/append-only/);
    expect(await rejection(ctx.db.execute(sql`delete from ledger_entries where id = ${entry!.id}`))).toMatch(
      /append-only/,
    );
    const [still] = await ctx.db
      .execute(sql`select debit::text as debit from ledger_entries where id = ${entry!.id}`)
      .then((result) => (result as unknown as { rows: { debit: string }[] }).rows);
    expect(Number(still!.debit)).toBe(entry!.debit);
  });
});
