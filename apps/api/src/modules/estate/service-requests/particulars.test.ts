/** A request raised without its particulars (the seed's body, decision 021): taken, it asks the applicant for them,
 * an officer may only reject it until they are given, and the applicant gives them through
 * PUT /service-requests/{id}/particulars, checked then. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ServiceRequest } from '@portal/contract';
import { notifications, timelineEvents } from '../../../db/schema';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { insertTestPlot, type TestPlot } from '../../../test/service-fixtures';

describe(`service request particulars asked for (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let zonal: string;
  let holder: { token: string; email: string };
  let plot: TestPlot;

  const raise = (payload: Record<string, unknown>, token = holder.token) =>
    ctx.request(token, { method: 'POST', url: '/api/service-requests', payload });
  const supply = (id: string, particulars: Record<string, unknown>, token = holder.token) =>
    ctx.request(token, { method: 'PUT', url: `/api/service-requests/${id}/particulars`, payload: { particulars } });
  const move = (id: string, status: string, remarks?: string) =>
    ctx.request(zonal, { method: 'PATCH', url: `/api/service-requests/${id}`, payload: { status, remarks } });
  /** The seed's body: exactly the fields of the spec's POST /service-requests, on a plot of its own. */
  const seedBody = async (request_type: string) => {
    const own = await insertTestPlot(ctx, { ownerEmail: holder.email });
    return {
      application_id: own.applicationId,
      allotment_id: own.allotmentId,
      request_type,
      description: `Seed ${request_type}`,
      fee_amount: 0,
    };
  };
  const taken = async (payload: Record<string, unknown>): Promise<ServiceRequest> => {
    const response = await raise(payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    zonal = await ctx.tokenFor('zonal_manager');
    holder = await entrepreneurWithProfile(ctx, 'Particulars Works');
    plot = await insertTestPlot(ctx, { ownerEmail: holder.email });
  });
  afterAll(() => ctx.close());

  it('takes the seed body of a change of name, asks for the new name, and lets an officer only reject it until given', async () => {
    const request = await taken({
      application_id: plot.applicationId,
      allotment_id: plot.allotmentId,
      request_type: 'change_name',
      description: 'Please change our name',
      fee_amount: 0,
    });
    expect(request).toMatchObject({ status: 'submitted', fee_amount: 5_900, particulars: {} });
    expect(request.particulars_needed).toEqual(['new_name']);
    const read = await ctx.request(zonal, { method: 'GET', url: `/api/service-requests/${request.id}` });
    expect(read.json().particulars_needed).toEqual(['new_name']);

    const takeUp = await move(request.id, 'in_progress');
    expect(takeUp.statusCode).toBe(409);
    expect(takeUp.json()).toMatchObject({ code: 'particulars_needed' });
    expect(takeUp.json().detail).toContain('new_name');

    // Checked when given: every particular of the type, by its own rule; the request is left as it was.
    for (const given of [{}, { new_name: '' }, { new_name: 'x'.repeat(201) }]) {
      const refused = await supply(request.id, given);
      expect(refused.statusCode, JSON.stringify(given)).toBe(422);
      expect(refused.json().code).toBe('validation_failed');
      expect(refused.json().errors.map((error: { path: string }) => error.path)).toEqual(['body.particulars.new_name']);
    }
    // Only its applicant gives them: another's answers 404, staff may not.
    const other = await registerEntrepreneur(ctx, 'Someone Else');
    expect((await supply(request.id, { new_name: 'Not Yours Ltd' }, other.token)).statusCode).toBe(404);
    expect((await supply(request.id, { new_name: 'Not Yours Ltd' }, zonal)).statusCode).toBe(403);
    expect(
      (await ctx.request(zonal, { method: 'GET', url: `/api/service-requests/${request.id}` })).json(),
    ).toMatchObject({ particulars: {}, particulars_needed: ['new_name'] });

    const given = await supply(request.id, { new_name: '  Particulars Works LLP ', lender: 'dropped' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      status: 'submitted',
      particulars: { new_name: 'Particulars Works LLP' },
      particulars_needed: [],
    });
    const events = await ctx.db
      .select()
      .from(timelineEvents)
      .where(
        and(eq(timelineEvents.entityId, request.id), eq(timelineEvents.eventCode, 'service_request_particulars_given')),
      );
    expect(events).toHaveLength(1);
    // Given once: there is nothing more to give, and the officer takes it up.
    expect((await supply(request.id, { new_name: 'Again Ltd' })).statusCode).toBe(409);
    expect((await move(request.id, 'in_progress')).statusCode).toBe(200);
  });

  it('lets an officer reject a request whose particulars never came; they can no longer be given', async () => {
    const request = await taken(await seedBody('activity_change'));
    expect(request.particulars_needed).toEqual(['new_activity']);
    const rejected = await move(request.id, 'rejected', 'The new activity was never given');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await supply(request.id, { new_activity: 'Food processing' })).statusCode).toBe(409);
  });

  it('works the fee out again from the particulars given (a subletting of 36 months is three years)', async () => {
    const body = await seedBody('subletting');
    const request = await taken({ ...body, particulars: { sub_lessee: 'Tenant Works' } });
    expect(request.particulars_needed).toEqual(['sublet_area', 'months']);
    const tooLong = await supply(request.id, { sublet_area: 100, months: 121 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.map((error: { path: string }) => error.path)).toEqual(['body.particulars.months']);
    const given = await supply(request.id, { sublet_area: 100, months: 36 });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({
      particulars: { sub_lessee: 'Tenant Works', sublet_area: 100, months: 36 },
      particulars_needed: [],
    });
    // 5% of the valuation for each of the three years.
    expect(given.json().fee_amount).toBeCloseTo(plot.valuation * 0.15, 2);
  });

  it('offers a transfer to the transferee once their email is given, and not before', async () => {
    const transferee = await registerEntrepreneur(ctx, 'Late Transferee');
    const request = await taken(await seedBody('transfer'));
    expect(request.particulars_needed).toEqual(['transferee_email']);
    const offers = () =>
      ctx.request(transferee.token, { method: 'GET', url: '/api/service-requests/transfers-offered' });
    expect((await offers()).json()).toEqual([]);
    const given = await supply(request.id, { transferee_email: transferee.email.toUpperCase() });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().particulars).toEqual({ transferee_email: transferee.email.toUpperCase(), legal_heir: false });
    expect((await offers()).json().map((offer: ServiceRequest) => offer.id)).toEqual([request.id]);
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.userId, transferee.id));
    expect(bell.map((notification) => notification.code)).toEqual(['transfer_offered']);
  });

  it('gives the seed body of an extension of time, which names no milestone, to the next unmet milestone', async () => {
    const request = await taken(await seedBody('eot'));
    expect(request).toMatchObject({ milestone: 'commence_construction', particulars_needed: [] });
  });

  it('takes one of two particulars given at the same moment; the other hears it changed', async () => {
    const request = await taken(await seedBody('change_constitution'));
    const answers = await Promise.all([
      supply(request.id, { new_constitution: 'llp' }),
      supply(request.id, { new_constitution: 'partnership' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const read = await ctx.request(holder.token, { method: 'GET', url: `/api/service-requests/${request.id}` });
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(read.json().particulars).toEqual(winner.particulars);
  });
});
