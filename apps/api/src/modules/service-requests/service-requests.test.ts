import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Application, ServiceRequest } from '@portal/contract';
import { allotments, serviceRequests, timelineEvents } from '../../db/schema';
import { nextNumber } from '../../repositories/counters';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../test/harness';

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
      await ctx.request(ravi, { method: 'GET', url: `/api/applications/${raviApp.id}/timeline` })
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
});
