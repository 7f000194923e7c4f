import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Application, ServiceRequest } from '@portal/contract';
import { allotments, serviceRequests, timelineEvents } from '../../db/schema';
import { nextNumber } from '../../repositories/counters';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { expectLimitRefused, getList, walkList } from '../../test/list-fixtures';

const addOneDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe(`service requests (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ravi: string;
  let raviApp: Application;
  let raviAllotmentId: string;

  const raise = (token: string, payload: Record<string, unknown>) =>
    ctx.request(token, { method: 'POST', url: '/api/service-requests', payload });

  beforeAll(async () => {
    ctx = await createTestContext();
    ravi = await ctx.tokenFor('entrepreneur');
    raviApp = (await ctx.request(ravi, { method: 'GET', url: '/api/applications' })).json()[0];
    const [allotment] = await ctx.db
      .insert(allotments)
      .values({
        allotmentNumber: await nextNumber(ctx.db, 'allotment'),
        applicationId: raviApp.id,
        assetId: raviApp.asset_id,
        allotmentType: 'provisional',
        allotmentDate: '2026-01-15',
      })
      .returning();
    raviAllotmentId = allotment!.id;
  });
  afterAll(() => ctx.close());

  it('raises a request with the defaults (change_name, fee 0, no links), numbered SR-YYYY-NNNNNN, status submitted', async () => {
    const response = await raise(ravi, { description: 'Change of firm name after registration' });
    expect(response.statusCode).toBe(201);
    const created: ServiceRequest = response.json();
    expect(created).toMatchObject({
      request_type: 'change_name',
      fee_amount: 0,
      application_id: null,
      allotment_id: null,
      status: 'submitted',
      description: 'Change of firm name after registration',
    });
    expect(created.request_number).toMatch(new RegExp(`^SR-${new Date().getUTCFullYear()}-\\d{6}$`));
    const [event] = await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.entityId, created.id));
    expect(event).toMatchObject({
      action: 'Service request raised',
      entityType: 'service_request',
      applicationId: null,
    });
  });

  it('links an own application and allotment, and sends empty links as null', async () => {
    const linked = await raise(ravi, {
      request_type: 'mortgage_noc',
      application_id: raviApp.id,
      allotment_id: raviAllotmentId,
      description: 'NOC for term loan',
      fee_amount: 2500,
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({
      request_type: 'mortgage_noc',
      application_id: raviApp.id,
      allotment_id: raviAllotmentId,
      fee_amount: 2500,
    });
    const timeline = (
      await ctx.request(ravi, { method: 'GET', url: `/api/applications/${raviApp.id}/timeline?sort=-timestamp` })
    ).json();
    expect(timeline[0]).toMatchObject({ action: 'Service request raised', entity_type: 'service_request' });
    const empty = await raise(ravi, {
      request_type: 'eot',
      application_id: '',
      allotment_id: '',
      description: 'Extension of time',
    });
    expect(empty.statusCode).toBe(201);
    expect(empty.json()).toMatchObject({ application_id: null, allotment_id: null });
  });

  it("lists only the caller's own requests, newest first", async () => {
    const { token } = await registerEntrepreneur(ctx);
    expect((await ctx.request(token, { method: 'GET', url: '/api/service-requests' })).json()).toEqual([]);
    const mine = (await raise(token, { request_type: 'withdrawal', description: 'Withdraw' })).json();
    const list = (await ctx.request(token, { method: 'GET', url: '/api/service-requests' })).json();
    expect(list.map((item: ServiceRequest) => item.id)).toEqual([mine.id]);
    const raviList = (await ctx.request(ravi, { method: 'GET', url: '/api/service-requests' })).json();
    expect(raviList.length).toBeGreaterThanOrEqual(3);
    expect(raviList.map((item: ServiceRequest) => item.id)).not.toContain(mine.id);
    const numbers = raviList.map((item: ServiceRequest) => item.request_number);
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  it("refuses another entrepreneur's application or allotment, and unknown ones, with 404", async () => {
    const { token } = await registerEntrepreneur(ctx);
    const app = await raise(token, { application_id: raviApp.id, description: 'x' });
    expect(app.statusCode).toBe(404);
    expect(app.json().detail).toBe('Application not found');
    const allotment = await raise(token, { allotment_id: raviAllotmentId, description: 'x' });
    expect(allotment.statusCode).toBe(404);
    expect(allotment.json().detail).toBe('Allotment not found');
    expect((await raise(ravi, { allotment_id: crypto.randomUUID(), description: 'x' })).statusCode).toBe(404);
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

  it('keeps service requests to entrepreneurs (403 for staff, 401 without a token)', async () => {
    const ho = await ctx.tokenFor('ho');
    expect((await ctx.request(ho, { method: 'GET', url: '/api/service-requests' })).statusCode).toBe(403);
    expect((await raise(ho, { description: 'x' })).statusCode).toBe(403);
    expect((await ctx.request(null, { method: 'GET', url: '/api/service-requests' })).statusCode).toBe(401);
  });
  it("pages the caller's own requests with a type filter and q, never another's", async () => {
    const { token } = await registerEntrepreneur(ctx);
    const { token: rivalToken } = await registerEntrepreneur(ctx);
    const mine: ServiceRequest[] = [];
    for (const request_type of ['change_name', 'eot', 'eot', 'transfer'] as const) {
      mine.push((await raise(token, { request_type, description: `Request ${request_type}` })).json());
    }
    const rivals = (await raise(rivalToken, { request_type: 'eot', description: 'Rival' })).json();
    const first = await getList<ServiceRequest>(ctx, token, '/api/service-requests?limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.total).toBe(4);
    const walked = await walkList<ServiceRequest>(ctx, token, '/api/service-requests?limit=3&sort=request_number');
    expect(walked.map((item) => item.id)).toEqual(mine.map((item) => item.id));
    expect(walked.map((item) => item.id)).not.toContain(rivals.id);
    const eots = await getList<ServiceRequest>(ctx, token, '/api/service-requests?request_type=eot');
    expect(eots.total).toBe(2);
    expect(eots.items.every((item) => item.request_type === 'eot')).toBe(true);
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
    expect((await getList(ctx, token, `/api/service-requests?status=submitted&to=${addOneDay(today)}`)).total).toBe(4);
    await expectLimitRefused(ctx, token, '/api/service-requests');
  });
});
