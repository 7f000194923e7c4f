import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  SERVICE_REQUEST_TYPES,
  type Allotment,
  type Invoice,
  type ServiceRequest,
  type ServiceRequestType,
  type TimelineEvent,
  type TransferOffer,
} from '@portal/contract';
import {
  allotmentHolders,
  allotments,
  applicants,
  assets,
  invoices,
  notifications,
  serviceRequests,
  timelineEvents,
} from '../../../db/schema';
import { nextNumber } from '../../../repositories/counters';
import { insertInvoice } from '../../../repositories/invoices';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, getList } from '../../../test/list-fixtures';
import {
  EVERY_ALLOTTEE_SERVICE,
  insertTestPlot,
  serviceRequestBody,
  type TestPlot,
} from '../../../test/service-fixtures';

// Every plot here is valued at ₹20,00,000 (the fixture's default).
const VALUATION = 2_000_000;
const ORDER_NUMBER = new RegExp(`^ORD-${new Date().getUTCFullYear()}-\\d{6}$`);

describe(`allottee services taking effect (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let zonal: string;
  let ho: string;
  let admin: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    zonal = await ctx.tokenFor('zonal_manager');
    ho = await ctx.tokenFor('ho');
    admin = await ctx.tokenFor('admin');
  });
  afterAll(() => ctx.close());

  type Holder = Awaited<ReturnType<typeof entrepreneurWithProfile>>;

  const raise = (token: string, payload: Record<string, unknown>) =>
    ctx.request(token, { method: 'POST', url: '/api/service-requests', payload });
  const move = (token: string, id: string, status: string, remarks?: string) =>
    ctx.request(token, { method: 'PATCH', url: `/api/service-requests/${id}`, payload: { status, remarks } });
  const accept = (token: string, id: string) =>
    ctx.request(token, { method: 'POST', url: `/api/service-requests/${id}/accept-transfer` });
  const read = <T>(token: string, url: string) =>
    ctx.request(token, { method: 'GET', url }).then((response) => {
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json() as T;
    });
  const row = (id: string) =>
    ctx.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .then((rows) => rows[0]!);
  const invoicesOf = (requestId: string) =>
    ctx.db.select().from(invoices).where(eq(invoices.serviceRequestId, requestId));
  const eventsOf = (applicationId: string, code: string) =>
    ctx.db
      .select()
      .from(timelineEvents)
      .where(and(eq(timelineEvents.applicationId, applicationId), eq(timelineEvents.eventCode, code)));
  const bell = async (userId: string) =>
    (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.code);

  /** A fresh entrepreneur with a profile under `name`, holding a plot in possession (or not: possessionDate null). */
  async function holderWithPlot(
    name: string,
    options: { possessionDate?: string | null } = {},
  ): Promise<Holder & { plot: TestPlot }> {
    const holder = await entrepreneurWithProfile(ctx, name);
    return { ...holder, plot: await insertTestPlot(ctx, { ownerEmail: holder.email, ...options }) };
  }

  /** Raises `type` on the holder's plot with its particulars; answers the created request. */
  async function raised(
    holder: Holder & { plot: TestPlot },
    type: ServiceRequestType,
    particulars: Record<string, unknown> = {},
  ): Promise<ServiceRequest> {
    const response = await raise(
      holder.token,
      serviceRequestBody(type, { allotment_id: holder.plot.allotmentId }, particulars),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /** Takes the request up and approves it; answers the approved request. */
  async function approved(id: string): Promise<ServiceRequest> {
    expect((await move(zonal, id, 'in_progress')).statusCode).toBe(200);
    const response = await move(zonal, id, 'approved');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  /** The requester pays the request's fee invoice through POST /payments. */
  async function pay(token: string, request: ServiceRequest) {
    const [invoice] = await invoicesOf(request.id);
    const paid = await ctx.request(token, {
      method: 'POST',
      url: '/api/payments',
      payload: {
        invoice_id: invoice!.id,
        application_id: invoice!.applicationId,
        amount: invoice!.amount,
        payment_method: 'online',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  }

  async function history(token: string, allotmentId: string): Promise<TimelineEvent[]> {
    const list = await getList<TimelineEvent>(ctx, token, `/api/allotments/${allotmentId}/history?limit=200`);
    expect(list.status).toBe(200);
    return list.items;
  }

  describe('transfer', () => {
    it('hands the plot to the transferee who accepted it, once the 10% fee is paid; the transferor keeps the history up to then', async () => {
      const a = await holderWithPlot('Transferor Forgings');
      const b = await entrepreneurWithProfile(ctx, 'Transferee Castings');
      const { plot } = a;

      // The transferee's email is kept lower-cased.
      const request = await raised(a, 'transfer', { transferee_email: b.email.toUpperCase() });
      expect(request).toMatchObject({
        request_type: 'transfer',
        application_id: plot.applicationId,
        allotment_id: plot.allotmentId,
        fee_amount: VALUATION * 0.1,
        particulars: { transferee_email: b.email.toUpperCase(), legal_heir: false },
        transferee_accepted_at: null,
        took_effect_at: null,
      });
      expect((await row(request.id)).transfereeEmail).toBe(b.email);

      // The transferee sees it offered, with who offers it, and reads the request; the holder is offered nothing.
      const offers = await getList<TransferOffer>(ctx, b.token, '/api/service-requests/transfers-offered');
      expect(offers.items.map((offer) => [offer.id, offer.holder_name])).toEqual([[request.id, 'Transferor Forgings']]);
      // The offer names the plot and its allotment, so the transferee knows what they are taking over.
      const [described] = await ctx.db.select().from(allotments).where(eq(allotments.id, plot.allotmentId));
      expect(offers.items[0]).toMatchObject({ allotment_number: described!.allotmentNumber });
      expect(offers.items[0]!.asset_code).toMatch(/\S/);
      expect(
        (await ctx.request(b.token, { method: 'GET', url: `/api/service-requests/${request.id}` })).statusCode,
      ).toBe(200);
      expect((await getList(ctx, a.token, '/api/service-requests/transfers-offered')).items).toEqual([]);

      // An officer cannot approve it before the transferee accepts it.
      expect((await move(zonal, request.id, 'in_progress')).statusCode).toBe(200);
      const early = await move(zonal, request.id, 'approved');
      expect(early.statusCode).toBe(409);
      expect(early.json().code).toBe('transferee_not_accepted');
      expect(await invoicesOf(request.id)).toEqual([]);
      expect((await row(request.id)).status).toBe('in_progress');

      // Only the transferee named accepts it, once.
      // The holder cannot accept their own offer (a conflict: the request is theirs to read).
      const ownAccept = await accept(a.token, request.id);
      expect([404, 409]).toContain(ownAccept.statusCode);
      expect((await row(request.id)).transfereeAcceptedAt).toBeNull();
      const accepted = await accept(b.token, request.id);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().transferee_accepted_at).toBeTruthy();
      expect((await accept(b.token, request.id)).statusCode).toBe(409);

      const approval = await move(zonal, request.id, 'approved');
      expect(approval.statusCode, approval.body).toBe(200);
      const [invoice, ...more] = await invoicesOf(request.id);
      expect(more).toEqual([]);
      expect(invoice).toMatchObject({
        invoiceType: 'service_fee',
        applicationId: plot.applicationId,
        amount: 200_000,
        status: 'pending',
      });
      expect(approval.json().invoice_id).toBe(invoice!.id);
      // Approved but unpaid: the plot is still the transferor's.
      const [before] = await ctx.db.select().from(allotments).where(eq(allotments.id, plot.allotmentId));
      expect(before!.holderUserId).toBe(a.userId);

      // The fee invoice is the transferor's to see and pay.
      const listed = await getList<Invoice>(ctx, a.token, `/api/invoices?application_id=${plot.applicationId}`);
      expect(listed.items.map((item) => item.id)).toContain(invoice!.id);
      await pay(a.token, approval.json());

      const [after] = await ctx.db.select().from(allotments).where(eq(allotments.id, plot.allotmentId));
      expect(after!.holderUserId).toBe(b.userId);
      const holdings = await ctx.db
        .select()
        .from(allotmentHolders)
        .where(eq(allotmentHolders.allotmentId, plot.allotmentId));
      expect(holdings).toHaveLength(1);
      expect(holdings[0]).toMatchObject({ userId: a.userId, endedByRequestId: request.id });
      const heldUntil = holdings[0]!.heldUntil;

      // The request took effect, with its order and what it changed.
      const done = await row(request.id);
      expect(done.tookEffectAt).toBeTruthy();
      expect(done.orderNumber).toMatch(ORDER_NUMBER);
      expect(done.outcome).toMatchObject({
        transferor: 'Transferor Forgings',
        transferee: 'Transferee Castings',
        legal_heir: false,
      });
      const seen = await read<ServiceRequest>(a.token, `/api/service-requests/${request.id}`);
      expect(seen).toMatchObject({ status: 'approved', order_kind: 'transfer_order', invoice_id: invoice!.id });
      expect(seen.took_effect_at).toBeTruthy();
      // The fee invoice stays the transferor's to read after the transfer.
      const paidInvoices = await getList<Invoice>(ctx, a.token, `/api/invoices?application_id=${plot.applicationId}`);
      expect(paidInvoices.items.find((item) => item.id === invoice!.id)?.status).toBe('paid');
      // A transfer that took effect is no longer offered.
      expect((await getList(ctx, b.token, '/api/service-requests/transfers-offered')).items).toEqual([]);

      // The new holder lists it with its services; the previous one read-only, with when the holding ended.
      const bList = await getList<Allotment>(ctx, b.token, '/api/allotments');
      const bView = bList.items.find((item) => item.id === plot.allotmentId);
      expect(bView).toMatchObject({ holder_user_id: b.userId, held_until: null, status: 'active' });
      expect([...bView!.services_allowed].sort()).toEqual(EVERY_ALLOTTEE_SERVICE);
      const aList = await getList<Allotment>(ctx, a.token, '/api/allotments');
      const aView = aList.items.find((item) => item.id === plot.allotmentId);
      expect(aView).toMatchObject({ holder_user_id: b.userId, services_allowed: [] });
      expect(Date.parse(aView!.held_until!)).toBe(heldUntil.getTime());
      const aOne = await read<Allotment>(a.token, `/api/allotments/${plot.allotmentId}`);
      expect(aOne).toMatchObject({ services_allowed: [], held_until: aView!.held_until });

      // The previous holder can ask for nothing on it any more.
      for (const type of ['mortgage_noc', 'withdrawal', 'change_name'] as const) {
        const refused = await raise(a.token, serviceRequestBody(type, { allotment_id: plot.allotmentId }));
        expect(refused.statusCode, type).toBe(404);
      }

      // The new holder asks for a service: the previous holder's history stops at the transfer, the new holder's has
      // everything.
      const laterRequest = await raised({ ...b, plot }, 'activity_change');
      const bHistory = await history(b.token, plot.allotmentId);
      const aHistory = await history(a.token, plot.allotmentId);
      expect(bHistory.map((event) => event.event_code)).toEqual(
        expect.arrayContaining(['service_request_raised', 'transfer_accepted', 'allotment_transferred']),
      );
      expect(bHistory.some((event) => event.params.request_number === laterRequest.request_number)).toBe(true);
      expect(aHistory.some((event) => event.params.request_number === laterRequest.request_number)).toBe(false);
      expect(aHistory.every((event) => Date.parse(event.timestamp) <= heldUntil.getTime())).toBe(true);
      expect(aHistory.length).toBeGreaterThan(0);
      expect(aHistory.length).toBeLessThan(bHistory.length);
      // The new holder's fee is billed to the plot's application (still the first applicant's): the new holder sees
      // and pays it, the previous holder does not see it.
      const laterApproved = await approved(laterRequest.id);
      const bInvoices = await getList<Invoice>(ctx, b.token, `/api/invoices?application_id=${plot.applicationId}`);
      expect(bInvoices.status).toBe(200);
      expect(bInvoices.items.map((item) => item.id)).toEqual([laterApproved.invoice_id]);
      const aInvoices = await getList<Invoice>(ctx, a.token, `/api/invoices?application_id=${plot.applicationId}`);
      expect(aInvoices.items.map((item) => item.id)).not.toContain(laterApproved.invoice_id);
      await pay(b.token, laterApproved);
      expect((await read<Allotment>(b.token, `/api/allotments/${plot.allotmentId}`)).activity).toBe('Food processing');
      const bPayments = await getList<{ invoice_id: string }>(
        ctx,
        b.token,
        `/api/payments?application_id=${plot.applicationId}`,
      );
      expect(bPayments.items.map((item) => item.invoice_id)).toEqual([laterApproved.invoice_id]);
      expect((await history(a.token, plot.allotmentId)).length).toBe(aHistory.length);
      // The transferor's own application timeline stops at the transfer too; an officer reads all of it.
      const aTimeline = await getList<TimelineEvent>(
        ctx,
        a.token,
        `/api/applications/${plot.applicationId}/timeline?limit=200`,
      );
      expect(aTimeline.status).toBe(200);
      expect(aTimeline.items.every((event) => Date.parse(event.timestamp) <= heldUntil.getTime())).toBe(true);
      expect(aTimeline.items.some((event) => event.params.request_number === laterRequest.request_number)).toBe(false);
      expect(aTimeline.items.map((event) => event.event_code)).toContain('transfer_accepted');
      const officerTimeline = await getList<TimelineEvent>(
        ctx,
        zonal,
        `/api/applications/${plot.applicationId}/timeline?limit=200`,
      );
      expect(officerTimeline.items.some((event) => event.params.request_number === laterRequest.request_number)).toBe(
        true,
      );

      const transferredEvent = (await eventsOf(plot.applicationId, 'allotment_transferred'))[0];
      expect(transferredEvent!.params).toMatchObject({
        transferor: 'Transferor Forgings',
        transferee: 'Transferee Castings',
      });

      // Both hear of it: the transferee of the offer and of the transfer, the transferor of the transfer.
      expect(await bell(b.userId)).toEqual(expect.arrayContaining(['transfer_offered', 'allotment_transferred']));
      expect(await bell(a.userId)).toContain('allotment_transferred');
      expect(await bell(a.userId)).not.toContain('transfer_offered');
      const bNotifications = await getList<{ code: string }>(ctx, b.token, '/api/notifications?limit=100');
      expect(bNotifications.items.map((item) => item.code)).toEqual(
        expect.arrayContaining(['transfer_offered', 'allotment_transferred']),
      );
    });

    it('waits for a transferee who is not registered yet (201), who accepts once registered', async () => {
      const a = await holderWithPlot('Waiting Transferor');
      const email = `later-${crypto.randomBytes(5).toString('hex')}@example.com`;
      const request = await raised(a, 'transfer', { transferee_email: email });
      expect(request.transferee_accepted_at).toBeNull();
      expect((await move(zonal, request.id, 'in_progress')).statusCode).toBe(200);
      expect((await move(zonal, request.id, 'approved')).json().code).toBe('transferee_not_accepted');

      const password = 'Tidy-Lantern-42';
      const registered = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password, full_name: 'Late Transferee' },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const b = { token: await ctx.tokenFor(email, password), id: registered.json().id as string };
      const offers = await getList<TransferOffer>(ctx, b.token, '/api/service-requests/transfers-offered');
      expect(offers.items.map((offer) => [offer.id, offer.holder_name])).toEqual([[request.id, 'Waiting Transferor']]);
      expect((await accept(b.token, request.id)).statusCode).toBe(200);

      const approval = await move(zonal, request.id, 'approved');
      expect(approval.statusCode, approval.body).toBe(200);
      await pay(a.token, approval.json());
      const [after] = await ctx.db.select().from(allotments).where(eq(allotments.id, a.plot.allotmentId));
      expect(after!.holderUserId).toBe(b.id);
      // Without a profile the transferee is named by their own name.
      expect((await row(request.id)).outcome).toMatchObject({
        transferor: 'Waiting Transferor',
        transferee: 'Late Transferee',
      });
    });

    it("leaves the transferor's open requests on the plot without effect on the new holder", async () => {
      const a = await holderWithPlot('Leaving Holder Works');
      const b = await entrepreneurWithProfile(ctx, 'Arriving Holder Works');
      const { plot } = a;
      // Asked for before the transfer, still open when it takes effect.
      const surrender = await raised(a, 'withdrawal');
      const activity = await raised(a, 'activity_change', { new_activity: 'Tanning' });
      const eot = await raised(a, 'eot');
      const transfer = await raised(a, 'transfer', { transferee_email: b.email });
      expect((await accept(b.token, transfer.id)).statusCode).toBe(200);
      const transferApproved = await approved(transfer.id);
      // Approved while the transfer waits for its fee, and paid once the plot has moved on.
      const eotApproved = await approved(eot.id);
      await pay(a.token, transferApproved);
      const [moved] = await ctx.db.select().from(allotments).where(eq(allotments.id, plot.allotmentId));
      expect(moved!.holderUserId).toBe(b.userId);

      // Approving them now would surrender or change the new holder's plot: refused.
      for (const request of [surrender, activity]) {
        expect((await move(zonal, request.id, 'in_progress')).statusCode).toBe(200);
        const approval = await move(zonal, request.id, 'approved');
        expect(approval.statusCode, `${request.request_type}: ${approval.body}`).toBe(409);
        expect(approval.json().code).toBe('service_not_allowed');
        expect(await invoicesOf(request.id)).toEqual([]);
      }
      // The extension's fee, paid by the transferor after the transfer, changes nothing on the new holder's plot.
      const dueBefore = (await read<Allotment>(b.token, `/api/allotments/${plot.allotmentId}`)).milestones;
      await pay(a.token, eotApproved);
      expect((await row(eot.id)).tookEffectAt).toBeNull();
      expect((await read<Allotment>(b.token, `/api/allotments/${plot.allotmentId}`)).milestones).toEqual(dueBefore);
      const [after] = await ctx.db.select().from(allotments).where(eq(allotments.id, plot.allotmentId));
      expect(after).toMatchObject({ status: 'active', holderUserId: b.userId, activity: null });
    });

    it('can no longer be accepted once rejected, and only by an entrepreneur', async () => {
      const a = await holderWithPlot('Rejected Transferor');
      const b = await entrepreneurWithProfile(ctx, 'Disappointed Transferee');
      const request = await raised(a, 'transfer', { transferee_email: b.email });
      expect((await accept(zonal, request.id)).statusCode).toBe(403);
      expect((await move(zonal, request.id, 'rejected', 'The sale deed is not stamped')).statusCode).toBe(200);
      const late = await accept(b.token, request.id);
      expect(late.statusCode).toBe(409);
      expect((await getList(ctx, b.token, '/api/service-requests/transfers-offered')).items).toEqual([]);
      expect((await row(request.id)).transfereeAcceptedAt).toBeNull();
    });

    it('is free to a legal heir and takes effect on approval', async () => {
      const a = await holderWithPlot('Late Founder Works');
      const heir = await entrepreneurWithProfile(ctx, 'Heir Enterprises');
      const request = await raised(a, 'transfer', { transferee_email: heir.email, legal_heir: true });
      expect(request.fee_amount).toBe(0);
      expect((await accept(heir.token, request.id)).statusCode).toBe(200);
      const done = await approved(request.id);
      expect(done.invoice_id).toBeNull();
      expect((await row(request.id)).tookEffectAt).toBeTruthy();
      // The approval's answer shows it in effect.
      expect(done.took_effect_at).toBeTruthy();
      expect(done.order_kind).toBe('transfer_order');
      expect(await invoicesOf(request.id)).toEqual([]);
      const [after] = await ctx.db.select().from(allotments).where(eq(allotments.id, a.plot.allotmentId));
      expect(after!.holderUserId).toBe(heir.userId);
      const effect = await row(request.id);
      expect(effect.orderNumber).toMatch(ORDER_NUMBER);
      expect(effect.outcome).toMatchObject({
        transferor: 'Late Founder Works',
        transferee: 'Heir Enterprises',
        legal_heir: true,
      });
      expect(await bell(heir.userId)).toEqual(expect.arrayContaining(['transfer_offered', 'allotment_transferred']));
    });

    it('refuses a transfer to oneself (422 transfer_to_self), whatever the case of the email', async () => {
      const a = await holderWithPlot('Self Dealing Works');
      for (const email of [a.email, a.email.toUpperCase()]) {
        const response = await raise(
          a.token,
          serviceRequestBody('transfer', { allotment_id: a.plot.allotmentId }, { transferee_email: email }),
        );
        expect(response.statusCode).toBe(422);
        expect(response.json().code).toBe('transfer_to_self');
      }
      expect(await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.userId, a.userId))).toEqual([]);
      // Raised without a transferee (decision 021), the email given afterwards is refused the same way.
      const missing = await raised(a, 'transfer', { transferee_email: undefined });
      expect(missing.particulars_needed).toEqual(['transferee_email']);
      const self = await ctx.request(a.token, {
        method: 'PUT',
        url: `/api/service-requests/${missing.id}/particulars`,
        payload: { particulars: { transferee_email: a.email.toUpperCase() } },
      });
      expect(self.statusCode).toBe(422);
      expect(self.json().code).toBe('transfer_to_self');
      expect((await row(missing.id)).transfereeEmail).toBeNull();
    });
  });

  it('refuses a transfer, subletting or mortgage NOC while dues are overdue (409 naming them), not a surrender', async () => {
    const a = await holderWithPlot('Dues Pending Works');
    // A mortgage NOC raised before the dues, to be approved after.
    const early = await raised(a, 'mortgage_noc');
    await insertInvoice(ctx.db, {
      applicationId: a.plot.applicationId,
      invoiceType: 'processing_fee',
      amount: 11_800.5,
      dueDate: '2026-01-31',
      invoiceNumber: await nextNumber(ctx.db, 'invoice'),
    });
    for (const type of ['transfer', 'subletting'] as const) {
      const response = await raise(a.token, serviceRequestBody(type, { allotment_id: a.plot.allotmentId }));
      expect(response.statusCode, type).toBe(409);
      expect(response.json()).toMatchObject({ code: 'unpaid_dues', params: { amount: '11800.50' } });
      expect(response.json().detail).toContain('₹11,800.50');
    }
    // A second mortgage NOC hears of the one already open first (decision 020).
    const again = await raise(a.token, serviceRequestBody('mortgage_noc', { allotment_id: a.plot.allotmentId }));
    expect(again.json()).toMatchObject({
      code: 'service_request_open',
      params: { request_number: early.request_number },
    });
    // Approval checks again.
    expect((await move(zonal, early.id, 'in_progress')).statusCode).toBe(200);
    const approval = await move(zonal, early.id, 'approved');
    expect(approval.statusCode).toBe(409);
    expect(approval.json().code).toBe('unpaid_dues');
    expect(await invoicesOf(early.id)).toEqual([]);
    // Services that need no clearance are still asked for.
    await raised(a, 'withdrawal');
    await raised(a, 'activity_change');
  });

  it('changes the name, constitution and activity when the fee is paid, keeping the previous value', async () => {
    const a = await holderWithPlot('Old Name Industries');
    const [profile] = await ctx.db.select().from(applicants).where(eq(applicants.userId, a.userId));
    const newConstitution = profile!.constitution === 'llp' ? 'partnership' : 'llp';
    const name = await raised(a, 'change_name', { new_name: 'New Name Industries LLP' });
    // A change of constitution may name only the application.
    const constitutionResponse = await raise(
      a.token,
      serviceRequestBody(
        'change_constitution',
        { application_id: a.plot.applicationId },
        { new_constitution: newConstitution },
      ),
    );
    expect(constitutionResponse.statusCode, constitutionResponse.body).toBe(201);
    const constitution = constitutionResponse.json() as ServiceRequest;
    const activity = await raised(a, 'activity_change', { new_activity: 'Agro processing' });
    expect([name.fee_amount, constitution.fee_amount, activity.fee_amount]).toEqual([5_900, 11_800, 11_800]);

    const approvals = [await approved(name.id), await approved(constitution.id), await approved(activity.id)];
    // Approved but unpaid: nothing changes yet.
    const [unchanged] = await ctx.db.select().from(applicants).where(eq(applicants.userId, a.userId));
    expect(unchanged!.organizationName).toBe('Old Name Industries');
    expect(approvals.every((request) => request.took_effect_at === null)).toBe(true);

    for (const request of approvals) await pay(a.token, request);
    const [changed] = await ctx.db.select().from(applicants).where(eq(applicants.userId, a.userId));
    expect(changed).toMatchObject({ organizationName: 'New Name Industries LLP', constitution: newConstitution });
    const allotment = await read<Allotment>(a.token, `/api/allotments/${a.plot.allotmentId}`);
    expect(allotment.activity).toBe('Agro processing');

    expect((await row(name.id)).outcome).toEqual({
      changed: 'name',
      previous: 'Old Name Industries',
      value: 'New Name Industries LLP',
    });
    expect((await row(constitution.id)).outcome).toEqual({
      changed: 'constitution',
      previous: profile!.constitution,
      value: newConstitution,
    });
    expect((await row(activity.id)).outcome).toEqual({ changed: 'activity', previous: null, value: 'Agro processing' });
    for (const request of [name, constitution, activity]) {
      const done = await row(request.id);
      expect(done.tookEffectAt).toBeTruthy();
      expect(done.orderNumber).toMatch(ORDER_NUMBER);
      expect((await read<ServiceRequest>(a.token, `/api/service-requests/${request.id}`)).order_kind).toBe(
        'change_order',
      );
    }
    const events = await eventsOf(a.plot.applicationId, 'holder_details_changed');
    expect(events.map((event) => event.params.changed).sort()).toEqual(['activity', 'constitution', 'name']);
    const timeline = await getList<TimelineEvent>(
      ctx,
      a.token,
      `/api/applications/${a.plot.applicationId}/timeline?limit=200`,
    );
    expect(timeline.items.filter((event) => event.event_code === 'holder_details_changed')).toHaveLength(3);
  });

  it('issues a mortgage NOC and a subletting permission (5% a year, a part year counted whole) when paid', async () => {
    const a = await holderWithPlot('Leveraged Works');
    const noc = await raised(a, 'mortgage_noc', { lender: 'Canara Bank', loan_amount: 7_500_000 });
    const sublet = await raised(a, 'subletting', { sub_lessee: 'Tenant Tools', sublet_area: 250, months: 18 });
    expect(noc.fee_amount).toBe(5_900);
    // 18 months count as two years: 2 × 5% of ₹20,00,000.
    expect(sublet.fee_amount).toBe(200_000);
    // Each is approved and paid in turn: an unpaid fee is an unpaid due.
    await pay(a.token, await approved(noc.id));
    await pay(a.token, await approved(sublet.id));

    expect((await row(noc.id)).outcome).toEqual({ lender: 'Canara Bank', loan_amount: 7_500_000 });
    expect((await row(sublet.id)).outcome).toEqual({ sub_lessee: 'Tenant Tools', sublet_area: 250, months: 18 });
    const kinds = [
      (await read<ServiceRequest>(a.token, `/api/service-requests/${noc.id}`)).order_kind,
      (await read<ServiceRequest>(a.token, `/api/service-requests/${sublet.id}`)).order_kind,
    ];
    expect(kinds).toEqual(['mortgage_noc', 'subletting_permission']);
    for (const id of [noc.id, sublet.id]) expect((await row(id)).orderNumber).toMatch(ORDER_NUMBER);
    expect((await eventsOf(a.plot.applicationId, 'mortgage_noc_issued'))[0]!.params).toMatchObject({
      request_number: noc.request_number,
      lender: 'Canara Bank',
      loan_amount: 7_500_000,
    });
    // The area sublet is recorded with the plot's own unit, for the history to name it.
    const [plotAsset] = await ctx.db.select().from(assets).where(eq(assets.id, a.plot.assetId));
    expect((await eventsOf(a.plot.applicationId, 'subletting_permitted'))[0]!.params).toMatchObject({
      request_number: sublet.request_number,
      sub_lessee: 'Tenant Tools',
      months: 18,
      unit: plotAsset!.unit,
    });
    const timeline = await history(a.token, a.plot.allotmentId);
    expect(timeline.map((event) => event.event_code)).toEqual(
      expect.arrayContaining(['mortgage_noc_issued', 'subletting_permitted']),
    );
    // The allotment itself is unchanged.
    const [allotment] = await ctx.db.select().from(allotments).where(eq(allotments.id, a.plot.allotmentId));
    expect(allotment).toMatchObject({ status: 'active', holderUserId: a.userId });
  });

  it('refuses every service on an allotment that is not active, and those after possession before it (409)', async () => {
    for (const status of ['surrendered', 'cancelled'] as const) {
      const a = await holderWithPlot(`Ended ${status} Works`);
      await ctx.db
        .update(allotments)
        .set({ status, endedOn: '2026-06-30' })
        .where(eq(allotments.id, a.plot.allotmentId));
      for (const type of SERVICE_REQUEST_TYPES) {
        const response = await raise(a.token, serviceRequestBody(type, { allotment_id: a.plot.allotmentId }));
        expect(response.statusCode, `${status} ${type}: ${response.body}`).toBe(409);
        expect(response.json().code).toBe('service_not_allowed');
      }
      const listed = await read<Allotment>(a.token, `/api/allotments/${a.plot.allotmentId}`);
      expect(listed.services_allowed).toEqual([]);
    }

    const early = await holderWithPlot('Not Yet In Possession', { possessionDate: null });
    const afterPossession: ServiceRequestType[] = ['transfer', 'mortgage_noc', 'subletting', 'withdrawal', 'eot'];
    for (const type of SERVICE_REQUEST_TYPES) {
      const response = await raise(early.token, serviceRequestBody(type, { allotment_id: early.plot.allotmentId }));
      if (afterPossession.includes(type)) {
        expect(response.statusCode, type).toBe(409);
        expect(response.json().code).toBe('service_not_allowed');
      } else {
        expect(response.statusCode, `${type}: ${response.body}`).toBe(201);
      }
    }
    // The three it took are open now, so none is offered again; the others wait for possession.
    const before = await read<Allotment>(early.token, `/api/allotments/${early.plot.allotmentId}`);
    expect(before.services_allowed).toEqual([]);
    expect(Object.fromEntries(before.services.map((service) => [service.request_type, service.refusal?.code]))).toEqual(
      {
        ...Object.fromEntries(afterPossession.map((type) => [type, 'service_not_allowed'])),
        activity_change: 'service_request_open',
        change_constitution: 'service_request_open',
        change_name: 'service_request_open',
      },
    );

    // An allotment that ends while a request waits: the approval is refused.
    const a = await holderWithPlot('Ends Meanwhile Works');
    const request = await raised(a, 'mortgage_noc');
    expect((await move(zonal, request.id, 'in_progress')).statusCode).toBe(200);
    await ctx.db
      .update(allotments)
      .set({ status: 'cancelled', endedOn: '2026-06-30' })
      .where(eq(allotments.id, a.plot.allotmentId));
    const approval = await move(zonal, request.id, 'approved');
    expect(approval.statusCode).toBe(409);
    expect(approval.json().code).toBe('service_not_allowed');
    expect(await invoicesOf(request.id)).toEqual([]);
  });

  it('lets exactly one of 100 approvals sent at once win, billing one invoice', async () => {
    const a = await holderWithPlot('Contested Approvals Works');
    const request = await raised(a, 'activity_change', { new_activity: 'Precision engineering' });
    expect((await move(zonal, request.id, 'in_progress')).statusCode).toBe(200);
    const officers = [zonal, ho, admin];
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => move(officers[index % 3]!, request.id, 'approved')),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(99);
    const [invoice, ...more] = await invoicesOf(request.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ amount: 11_800, serviceRequestId: request.id });
    const winner = answers.find((answer) => answer.statusCode === 200)!.json() as ServiceRequest;
    expect(winner.invoice_id).toBe(invoice!.id);
    const approvals = (
      await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.entityId, request.id))
    ).filter((event) => event.action === 'Service request approved');
    expect(approvals).toHaveLength(1);
  });
});
