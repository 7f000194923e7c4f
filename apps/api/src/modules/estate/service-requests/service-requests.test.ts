import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  SERVICE_REQUEST_TYPES,
  type Application,
  type Invoice,
  type ServiceRequest,
  type ServiceRequestType,
} from '@portal/contract';
import { applications, invoices, serviceRequests, timelineEvents } from '../../../db/schema';
import { expectedServiceFee, indiaDayAfter } from '../../../test/expected';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import {
  entrepreneurWithProfile,
  expectLimitRefused,
  getList,
  insertTestInvoices,
  walkList,
} from '../../../test/list-fixtures';
import { insertTestPlot, serviceRequestBody, TEST_PARTICULARS } from '../../../test/service-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

const addOneDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe(`service requests (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ravi: string;
  let zonal: string;
  let raviApp: Application;
  let raviAllotmentId: string;
  let raviValuation: number;
  /** A change of name on a new applicant's own application: a request any entrepreneur can raise. */
  const ownRequest = async (name: string) => {
    const owner = await entrepreneurWithProfile(ctx, name);
    const application = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
    const response = await raise(owner.token, {
      request_type: 'change_name',
      application_id: application.id,
      description: name,
      particulars: TEST_PARTICULARS.change_name,
    });
    expect(response.statusCode).toBe(201);
    return { token: owner.token, request: response.json() as ServiceRequest };
  };

  const raise = (token: string, payload: Record<string, unknown>) =>
    ctx.request(token, { method: 'POST', url: '/api/service-requests', payload });
  const move = (token: string, id: string, payload: Record<string, unknown>) =>
    ctx.request(token, { method: 'PATCH', url: `/api/service-requests/${id}`, payload });
  const get = (token: string, id: string) => ctx.request(token, { method: 'GET', url: `/api/service-requests/${id}` });
  const invoicesOf = (requestId: string) =>
    ctx.db.select().from(invoices).where(eq(invoices.serviceRequestId, requestId));
  /** A request of Ravi's about a plot of his in possession, raised and (optionally) taken up by the zonal manager.
   * Each is about a plot of its own, so one request's unpaid fee is not another's unpaid dues (a transfer, a
   * subletting and a mortgage NOC are refused while dues are unpaid). The fixture's plots are valued at ₹20,00,000. */
  const raviRequest = async (
    request_type: ServiceRequestType = 'mortgage_noc',
    { takeUp = false, particulars = {} as Record<string, unknown> } = {},
  ): Promise<ServiceRequest> => {
    const plot = await insertTestPlot(ctx);
    const created = await raise(
      ravi,
      serviceRequestBody(
        request_type,
        { application_id: plot.applicationId, allotment_id: plot.allotmentId, description: `Ravi ${request_type}` },
        particulars,
      ),
    );
    expect(created.statusCode, created.body).toBe(201);
    if (!takeUp) return created.json();
    const taken = await move(zonal, created.json().id, { status: 'in_progress' });
    expect(taken.statusCode).toBe(200);
    return taken.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    ravi = await ctx.tokenFor('entrepreneur');
    zonal = await ctx.tokenFor('zonal_manager');
    // Ravi's plot in possession, on an application with no unpaid dues: every service may be asked for on it (a
    // transfer, a subletting and a mortgage NOC are refused while dues are unpaid, as on his seeded application).
    const plot = await insertTestPlot(ctx);
    raviApp = (await ctx.request(ravi, { method: 'GET', url: `/api/applications/${plot.applicationId}` })).json();
    raviAllotmentId = plot.allotmentId;
    raviValuation = (await ctx.request(ravi, { method: 'GET', url: `/api/assets/${raviApp.asset_id}` })).json()
      .valuation;
  });
  afterAll(() => ctx.close());

  describe('raising a request', () => {
    it('raises a request numbered SR-YYYY-NNNNNN, status submitted, on the timeline; a surrender names its allotment', async () => {
      const unnamed = await raise(ravi, { request_type: 'withdrawal', description: 'Withdraw my interest' });
      expect(unnamed.statusCode).toBe(422);
      expect(unnamed.json().detail).toBe('A withdrawal request must name the allotment it is for');
      const response = await raise(ravi, {
        request_type: 'change_name',
        application_id: raviApp.id,
        description: 'Withdraw my interest',
        particulars: TEST_PARTICULARS.change_name,
      });
      expect(response.statusCode).toBe(201);
      const created: ServiceRequest = response.json();
      expect(created).toMatchObject({
        request_type: 'change_name',
        fee_amount: 5_900,
        application_id: raviApp.id,
        allotment_id: null,
        status: 'submitted',
        remarks: null,
        invoice_id: null,
        description: 'Withdraw my interest',
      });
      expect(created.request_number).toMatch(new RegExp(`^SR-${new Date().getUTCFullYear()}-\\d{6}$`));
      const [event] = await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.entityId, created.id));
      expect(event).toMatchObject({
        action: 'Service request raised',
        eventCode: 'service_request_raised',
        entityType: 'service_request',
        applicationId: raviApp.id,
      });
    });

    it('takes the fee from the table and the plot valuation for every type and ignores a fee_amount sent', async () => {
      for (const request_type of SERVICE_REQUEST_TYPES) {
        const body = serviceRequestBody(request_type, {
          application_id: raviApp.id,
          allotment_id: raviAllotmentId,
          description: `Fee check ${request_type}`,
          fee_amount: 1,
        });
        const response = await raise(ravi, body);
        expect(response.statusCode, `${request_type}: ${response.body}`).toBe(201);
        expect(response.json().fee_amount, request_type).toBeCloseTo(
          expectedServiceFee(request_type, raviValuation),
          2,
        );
        // Closed again, so the plot has no open request of the type for the tests after (decision 020).
        const closed = await ctx.request(zonal, {
          method: 'PATCH',
          url: `/api/service-requests/${response.json().id}`,
          payload: { status: 'rejected', remarks: 'Fee check only' },
        });
        expect(closed.statusCode, closed.body).toBe(200);
      }
    });

    it('refuses a request with a fee that names no application or allotment, with 422 and a readable detail', async () => {
      const response = await raise(ravi, {
        request_type: 'transfer',
        description: 'Transfer to my son',
        particulars: { transferee_email: 'son@example.com' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBe(
        'A transfer request has a fee: choose the application or allotment it is for, so the fee can be billed to it',
      );
      const fixed = await raise(ravi, {
        request_type: 'change_name',
        description: 'New name',
        particulars: TEST_PARTICULARS.change_name,
      });
      expect(fixed.json().detail).toBe(
        'A change name request has a fee of ₹5,900: choose the application or allotment it is for, so the fee can be billed to it',
      );
      const empty = await raise(ravi, {
        request_type: 'eot',
        application_id: '',
        allotment_id: '',
        description: 'Extension of time',
      });
      expect(empty.statusCode).toBe(422);
      expect(
        await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.description, 'Transfer to my son')),
      ).toEqual([]);
    });

    it('links an own application, and an allotment gives its application', async () => {
      const linked = await raise(ravi, {
        request_type: 'mortgage_noc',
        application_id: raviApp.id,
        allotment_id: raviAllotmentId,
        description: 'NOC for term loan',
        particulars: TEST_PARTICULARS.mortgage_noc,
      });
      expect(linked.statusCode).toBe(201);
      expect(linked.json()).toMatchObject({
        request_type: 'mortgage_noc',
        application_id: raviApp.id,
        allotment_id: raviAllotmentId,
        fee_amount: 5_900,
      });
      const viaAllotment = await raise(ravi, {
        request_type: 'subletting',
        allotment_id: raviAllotmentId,
        description: 'Sublet half the shed',
        particulars: TEST_PARTICULARS.subletting,
      });
      expect(viaAllotment.statusCode).toBe(201);
      expect(viaAllotment.json()).toMatchObject({ application_id: raviApp.id, allotment_id: raviAllotmentId });
      const timeline = (
        await ctx.request(ravi, { method: 'GET', url: `/api/applications/${raviApp.id}/timeline?sort=-timestamp` })
      ).json();
      expect(timeline[0]).toMatchObject({
        action: 'Service request raised',
        entity_type: 'service_request',
        details: `${viaAllotment.json().request_number}: subletting`,
      });
    });

    it('refuses an allotment of another application than the one named, with 422', async () => {
      const other = await insertTestApplication(ctx, 'submitted');
      const response = await raise(ravi, {
        request_type: 'transfer',
        application_id: other.id,
        allotment_id: raviAllotmentId,
        description: 'Mismatched links',
        particulars: TEST_PARTICULARS.transfer,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(/allotment belongs to another application/);
    });

    it("refuses another entrepreneur's application or allotment, and unknown ones, with 404", async () => {
      const { token } = await registerEntrepreneur(ctx);
      const particulars = TEST_PARTICULARS.change_name;
      const app = await raise(token, { application_id: raviApp.id, description: 'x', particulars });
      expect(app.statusCode).toBe(404);
      expect(app.json().detail).toBe('Application not found');
      const allotment = await raise(token, { allotment_id: raviAllotmentId, description: 'x', particulars });
      expect(allotment.statusCode).toBe(404);
      expect(allotment.json().detail).toBe('Allotment not found');
      expect((await raise(ravi, { allotment_id: crypto.randomUUID(), description: 'x', particulars })).statusCode).toBe(
        404,
      );
      expect(await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.description, 'x'))).toHaveLength(0);
    });

    it('refuses malformed bodies with 422 and a detail', async () => {
      for (const payload of [
        {},
        { description: '   ' },
        { description: 'ok', request_type: 'rename' },
        { description: 'ok', fee_amount: -1 },
        { description: 'ok', fee_amount: 'ten' },
        { description: 'ok', application_id: 'nope' },
      ]) {
        const response = await raise(ravi, payload);
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toBeTruthy();
      }
    });

    it('keeps raising to entrepreneurs (403 for staff, 401 without a token)', async () => {
      const ho = await ctx.tokenFor('ho');
      expect((await raise(ho, { request_type: 'withdrawal', description: 'x' })).statusCode).toBe(403);
      expect((await ctx.request(null, { method: 'GET', url: '/api/service-requests' })).statusCode).toBe(401);
      expect((await raise(null as unknown as string, { description: 'x' })).statusCode).toBe(401);
    });
  });

  describe('reading requests', () => {
    it("lists only the caller's own requests, newest first", async () => {
      const { token: fresh } = await registerEntrepreneur(ctx);
      expect((await ctx.request(fresh, { method: 'GET', url: '/api/service-requests' })).json()).toEqual([]);
      const { token, request: mine } = await ownRequest('Own List Works');
      const list = (await ctx.request(token, { method: 'GET', url: '/api/service-requests' })).json();
      expect(list.map((item: ServiceRequest) => item.id)).toEqual([mine.id]);
      const raviList = (await ctx.request(ravi, { method: 'GET', url: '/api/service-requests' })).json();
      expect(raviList.length).toBeGreaterThanOrEqual(3);
      expect(raviList.map((item: ServiceRequest) => item.id)).not.toContain(mine.id);
      const numbers = raviList.map((item: ServiceRequest) => item.request_number);
      expect(numbers).toEqual([...numbers].sort().reverse());
    });

    it("pages the caller's own requests with a type filter and q, never another's", async () => {
      const owner = await entrepreneurWithProfile(ctx, 'Paging Works');
      // A subletting and a transfer are about an allotment in possession.
      // One open request of a kind per plot (decision 020): the second subletting is on a second plot.
      const plots = [
        await insertTestPlot(ctx, { ownerEmail: owner.email }),
        await insertTestPlot(ctx, { ownerEmail: owner.email }),
      ];
      const { token } = owner;
      const { token: rivalToken, request: rivals } = await ownRequest('Paging Rivals');
      const mine: ServiceRequest[] = [];
      for (const [index, request_type] of (
        ['change_name', 'subletting', 'subletting', 'transfer'] as const
      ).entries()) {
        const plot = plots[index === 2 ? 1 : 0]!;
        const response = await raise(
          token,
          serviceRequestBody(request_type, {
            application_id: plot.applicationId,
            allotment_id: plot.allotmentId,
            description: `Request ${request_type}`,
          }),
        );
        expect(response.statusCode, response.body).toBe(201);
        mine.push(response.json());
      }
      const first = await getList<ServiceRequest>(ctx, token, '/api/service-requests?limit=3');
      expect(first.items).toHaveLength(3);
      expect(first.total).toBe(4);
      const walked = await walkList<ServiceRequest>(ctx, token, '/api/service-requests?limit=3&sort=request_number');
      expect(walked.map((item) => item.id)).toEqual(mine.map((item) => item.id));
      expect(walked.map((item) => item.id)).not.toContain(rivals.id);
      const sublets = await getList<ServiceRequest>(ctx, token, '/api/service-requests?request_type=subletting');
      expect(sublets.total).toBe(2);
      expect(sublets.items.every((item) => item.request_type === 'subletting')).toBe(true);
      const byNumber = await getList<ServiceRequest>(
        ctx,
        token,
        `/api/service-requests?q=${mine[3]!.request_number.toLowerCase()}`,
      );
      expect(byNumber.items.map((item) => item.id)).toEqual([mine[3]!.id]);
      const rivalByNumber = await getList(ctx, rivalToken, `/api/service-requests?q=${mine[3]!.request_number}`);
      expect(rivalByNumber.total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      expect((await getList(ctx, token, `/api/service-requests?from=2020-01-01&to=2020-12-31`)).total).toBe(0);
      expect((await getList(ctx, token, `/api/service-requests?status=submitted&to=${addOneDay(today)}`)).total).toBe(
        4,
      );
      await expectLimitRefused(ctx, token, '/api/service-requests');
    });

    it("gives officers the queue of everyone's requests, paged, filtered by status and type and searched by number", async () => {
      const { request: othersRequest } = await ownRequest('Queue Check');
      const taken = await raviRequest('change_constitution', { takeUp: true });

      const queue = await getList<ServiceRequest>(ctx, zonal, '/api/service-requests?limit=2');
      expect(queue.status).toBe(200);
      expect(queue.items).toHaveLength(2);
      expect(queue.total).toBeGreaterThan(2);
      const all = await walkList<ServiceRequest>(ctx, zonal, '/api/service-requests?limit=5');
      expect(all.map((item) => item.id)).toEqual(expect.arrayContaining([othersRequest.id, taken.id]));
      expect(all).toHaveLength(queue.total);

      const working = await getList<ServiceRequest>(ctx, zonal, '/api/service-requests?status=in_progress');
      expect(working.items.map((item) => item.id)).toContain(taken.id);
      expect(working.items.every((item) => item.status === 'in_progress')).toBe(true);
      const withdrawals = await getList<ServiceRequest>(ctx, zonal, '/api/service-requests?request_type=withdrawal');
      expect(withdrawals.items.every((item) => item.request_type === 'withdrawal')).toBe(true);
      const found = await getList<ServiceRequest>(
        ctx,
        zonal,
        `/api/service-requests?q=${othersRequest.request_number}`,
      );
      expect(found.items.map((item) => item.id)).toEqual([othersRequest.id]);

      for (const role of ['ho', 'legal', 'finance', 'admin'] as const) {
        const token = await ctx.tokenFor(role);
        expect((await getList(ctx, token, `/api/service-requests?q=${othersRequest.request_number}`)).total).toBe(1);
      }
      const committee = await ctx.tokenFor('committee');
      expect((await ctx.request(committee, { method: 'GET', url: '/api/service-requests' })).statusCode).toBe(403);
      await expectLimitRefused(ctx, zonal, '/api/service-requests');
    });

    it('opens one request for its owner and for staff who read requests; 404 for anyone else or an unknown id', async () => {
      const request = await raviRequest();
      const mine = await get(ravi, request.id);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual(request);
      expect((await get(zonal, request.id)).json()).toEqual(request);
      expect((await get(await ctx.tokenFor('legal'), request.id)).statusCode).toBe(200);

      const { token: stranger } = await registerEntrepreneur(ctx);
      const hidden = await get(stranger, request.id);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().detail).toBe('Service request not found');
      expect((await get(zonal, crypto.randomUUID())).statusCode).toBe(404);
      expect((await get(await ctx.tokenFor('committee'), request.id)).statusCode).toBe(403);
      expect((await get(ravi, 'not-an-id')).statusCode).toBe(422);
    });
  });

  describe('working a request', () => {
    it('moves submitted → in progress → approved, writing remarks, the officer and the timeline', async () => {
      const request = await raviRequest('mortgage_noc');
      const taken = await move(zonal, request.id, { status: 'in_progress', remarks: 'Checking the bank letter' });
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toMatchObject({
        status: 'in_progress',
        remarks: 'Checking the bank letter',
        invoice_id: null,
      });
      expect(Date.parse(taken.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(request.updated_at));

      const approved = await move(zonal, request.id, { status: 'approved' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', remarks: 'Checking the bank letter' });
      const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, request.id));
      expect(row!.decidedBy).toBeTruthy();

      const events = await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.entityId, request.id));
      expect(events.map((event) => [event.eventCode, event.action])).toEqual([
        ['service_request_raised', 'Service request raised'],
        ['service_request_updated', 'Service request in progress'],
        ['service_request_updated', 'Service request approved'],
      ]);
      expect(events[1]!.details).toBe(`${request.request_number}: Checking the bank letter`);
      expect(events.every((event) => event.applicationId === request.application_id)).toBe(true);
    });

    it('approving a request with a fee bills one service-fee invoice, due 30 days later, to its application', async () => {
      // A transfer is approved once the transferee has accepted it.
      const buyer = await registerEntrepreneur(ctx);
      const request = await raviRequest('transfer', { takeUp: true, particulars: { transferee_email: buyer.email } });
      const accepted = await ctx.request(buyer.token, {
        method: 'POST',
        url: `/api/service-requests/${request.id}/accept-transfer`,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const approved = await move(zonal, request.id, { status: 'approved', remarks: 'Transfer deed in order' });
      expect(approved.statusCode).toBe(200);
      const [invoice, ...more] = await invoicesOf(request.id);
      expect(more).toEqual([]);
      expect(invoice).toMatchObject({
        invoiceType: 'service_fee',
        applicationId: request.application_id,
        serviceRequestId: request.id,
        amount: 200_000,
        dueDate: indiaDayAfter(30),
        status: 'pending',
      });
      expect(invoice!.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
      expect(approved.json().invoice_id).toBe(invoice!.id);
      expect((await get(ravi, request.id)).json().invoice_id).toBe(invoice!.id);
      const [generated] = await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.entityId, invoice!.id));
      expect(generated).toMatchObject({ eventCode: 'invoice_generated', applicationId: request.application_id });

      const listed = await getList<Invoice>(
        ctx,
        ravi,
        `/api/invoices?application_id=${request.application_id}&limit=200`,
      );
      expect(listed.items.find((item) => item.id === invoice!.id)).toMatchObject({
        invoice_type: 'service_fee',
        service_request_id: request.id,
      });
    });

    // A fee-free request (a surrender) approved without an invoice: estate.test.ts.
    it('rejects with the reason the applicant reads', async () => {
      const refused = await raviRequest('subletting');
      const rejected = await move(zonal, refused.id, {
        status: 'rejected',
        remarks: 'Construction has not started yet',
      });
      expect(rejected.statusCode).toBe(200);
      expect((await get(ravi, refused.id)).json()).toMatchObject({
        status: 'rejected',
        remarks: 'Construction has not started yet',
        invoice_id: null,
      });
      expect(await invoicesOf(refused.id)).toEqual([]);
    });

    it('refuses moves the lifecycle does not allow with 409 and a readable detail', async () => {
      const request = await raviRequest('change_name');
      const skip = await move(zonal, request.id, { status: 'approved' });
      expect(skip.statusCode).toBe(409);
      expect(skip.json().detail).toBe('A submitted request can only be moved to in progress or rejected, not approved');
      const same = await move(zonal, request.id, { status: 'submitted' });
      expect(same.statusCode).toBe(409);
      expect(same.json().detail).toBe('The request is already submitted');

      await move(zonal, request.id, { status: 'in_progress' });
      await move(zonal, request.id, { status: 'rejected', remarks: 'Name proof missing' });
      const reopen = await move(zonal, request.id, { status: 'in_progress' });
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().detail).toBe('The request is already rejected and cannot be changed');
      expect(await invoicesOf(request.id)).toEqual([]);
    });

    it('needs 5 to 2000 characters of remarks to reject (422), and a known status', async () => {
      const request = await raviRequest('change_name');
      for (const remarks of [undefined, '', '  no  ']) {
        const response = await move(zonal, request.id, { status: 'rejected', remarks });
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toMatch(/reason for rejecting the request in at least 5 characters/);
      }
      expect((await move(zonal, request.id, { status: 'rejected', remarks: 'x'.repeat(2001) })).statusCode).toBe(422);
      expect((await move(zonal, request.id, { status: 'closed' })).statusCode).toBe(422);
      expect((await get(ravi, request.id)).json().status).toBe('submitted');
    });

    it('lets only zonal managers, head office and admin work requests (403), and answers 404 for an unknown one', async () => {
      const request = await raviRequest('change_name');
      for (const role of ['entrepreneur', 'committee', 'legal', 'finance'] as const) {
        const response = await move(await ctx.tokenFor(role), request.id, { status: 'in_progress' });
        expect(response.statusCode, role).toBe(403);
      }
      expect((await get(ravi, request.id)).json().status).toBe('submitted');
      expect((await move(await ctx.tokenFor('ho'), request.id, { status: 'in_progress' })).statusCode).toBe(200);
      expect((await move(await ctx.tokenFor('admin'), request.id, { status: 'approved' })).statusCode).toBe(200);
      const unknown = await move(zonal, crypto.randomUUID(), { status: 'in_progress' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().detail).toBe('Service request not found');
    });

    it('lets exactly one of two approvals sent at once win, billing one invoice', async () => {
      const request = await raviRequest('activity_change', { takeUp: true });
      const ho = await ctx.tokenFor('ho');
      const answers = await Promise.all([
        move(zonal, request.id, { status: 'approved' }),
        move(ho, request.id, { status: 'approved' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((answer) => answer.statusCode === 409)!;
      expect(lost.json().detail).toMatch(/already approved|Someone else changed this request/);
      expect(await invoicesOf(request.id)).toHaveLength(1);
      const updates = await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.entityId, request.id));
      expect(updates.filter((event) => event.action === 'Service request approved')).toHaveLength(1);
    });

    it('lets exactly one of a rejection and an approval sent at once win', async () => {
      const request = await raviRequest('subletting', { takeUp: true });
      const answers = await Promise.all([
        move(zonal, request.id, { status: 'rejected', remarks: 'Not eligible for an extension' }),
        move(await ctx.tokenFor('admin'), request.id, { status: 'approved' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const final = (await get(ravi, request.id)).json() as ServiceRequest;
      expect(await invoicesOf(request.id)).toHaveLength(final.status === 'approved' ? 1 : 0);
    });
  });

  describe('paying the fee', () => {
    it('lets the entrepreneur pay the fee invoice through POST /payments without moving the application', async () => {
      const owner = await entrepreneurWithProfile(ctx, 'Fee Payers');
      const application = await insertTestApplication(ctx, 'pending_payment', { ownerEmail: owner.email });
      await insertTestInvoices(ctx, application.id);
      // A change of name: a mortgage NOC is refused while the application's own invoices are unpaid.
      const request: ServiceRequest = (
        await raise(owner.token, {
          request_type: 'change_name',
          application_id: application.id,
          description: 'New name after the merger',
          particulars: TEST_PARTICULARS.change_name,
        })
      ).json();
      await move(zonal, request.id, { status: 'in_progress' });
      const approved: ServiceRequest = (await move(zonal, request.id, { status: 'approved' })).json();
      const [invoice] = await invoicesOf(request.id);

      const paid = await ctx.request(owner.token, {
        method: 'POST',
        url: '/api/payments',
        payload: {
          invoice_id: approved.invoice_id,
          application_id: application.id,
          amount: invoice!.amount,
          payment_method: 'online',
          transaction_reference: 'MOCK-SR-FEE',
        },
      });
      expect(paid.statusCode).toBe(201);
      expect(paid.json()).toMatchObject({ invoice_id: invoice!.id, amount: 5_900 });
      const [after] = await invoicesOf(request.id);
      expect(after!.status).toBe('paid');
      const [app] = await ctx.db.select().from(applications).where(eq(applications.id, application.id));
      expect(app!.status).toBe('pending_payment');

      const again = await ctx.request(owner.token, {
        method: 'POST',
        url: '/api/payments',
        payload: {
          invoice_id: invoice!.id,
          application_id: application.id,
          amount: invoice!.amount,
          payment_method: 'online',
          transaction_reference: 'MOCK-SR-FEE-2',
        },
      });
      expect(again.statusCode).toBe(409);
      const listed = await getList<Invoice>(ctx, owner.token, `/api/invoices?application_id=${application.id}`);
      expect(listed.items.find((item) => item.id === invoice!.id)?.status).toBe('paid');
    });
  });
});
