import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_ALLOTTEE_SERVICE } from '../../../test/service-fixtures';
import { eq } from 'drizzle-orm';
import { addMonths, businessToday, type Allotment, type AllotmentSummary, type ServiceRequest } from '@portal/contract';
import { allotments, assets, invoices, timelineEvents } from '../../../db/schema';
import { findAssetById } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import { insertInvoice, markInvoicePaidIfUnpaid } from '../../../repositories/invoices';
import { createTestContext, multipart, SAMPLE_FILES, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, getList } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

// The plot of every allotment here is valued at ₹20,00,000 (the fixture's default).
describe(`the allotment after possession (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: string;
  let zonal: string;
  let ho: string;
  const zone = `Estate Zone ${Date.now()}`;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await ctx.tokenFor('entrepreneur');
    zonal = await ctx.tokenFor('zonal_manager');
    ho = await ctx.tokenFor('ho');
  });
  afterAll(() => ctx.close());

  const get = <T>(token: string, url: string) => ctx.request(token, { method: 'GET', url }).then((r) => r.json() as T);
  const raise = (token: string, payload: Record<string, unknown>) =>
    ctx.request(token, { method: 'POST', url: '/api/service-requests', payload });
  const move = (token: string, id: string, payload: Record<string, unknown>) =>
    ctx.request(token, { method: 'PATCH', url: `/api/service-requests/${id}`, payload });

  /** An allotment of the demo entrepreneur (or `ownerEmail`/`ownerToken`) in `zone`, walked through the API up to
   * possession on `possessionDate` (left out: no possession). */
  async function allotment(
    options: { possessionDate?: string | null; ownerEmail?: string; ownerToken?: string } = {},
  ): Promise<{ allotment: Allotment; applicationId: string; assetId: string }> {
    const app = await insertTestApplication(ctx, 'approved', { ownerEmail: options.ownerEmail });
    await ctx.db.update(assets).set({ zone }).where(eq(assets.id, app.assetId));
    const made = await ctx.request(ho, {
      method: 'POST',
      url: '/api/allotments',
      payload: {
        application_id: app.id,
        asset_id: app.assetId,
        allotment_type: 'provisional',
        allotment_date: businessToday(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    if (options.possessionDate !== null) {
      const deed = await ctx.request(options.ownerToken ?? owner, {
        method: 'POST',
        url: `/api/allotments/${id}/lease-deed`,
        ...multipart({}, { name: 'lease-deed.pdf', bytes: SAMPLE_FILES.pdf() }),
      });
      expect(deed.statusCode, deed.body).toBe(201);
      const verified = await ctx.request(zonal, {
        method: 'PUT',
        url: `/api/allotments/${id}/lease-deed/verify`,
        payload: { verification_status: 'approved' },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const possessed = await ctx.request(zonal, {
        method: 'POST',
        url: `/api/allotments/${id}/possession`,
        payload: {
          possession_date: options.possessionDate ?? businessToday(),
          area_verified: 900,
          boundary_marked: true,
        },
      });
      expect(possessed.statusCode, possessed.body).toBe(201);
    }
    const read = await ctx.request(options.ownerToken ?? owner, { method: 'GET', url: `/api/allotments/${id}` });
    expect(read.statusCode, read.body).toBe(200);
    return { allotment: read.json(), applicationId: app.id, assetId: app.assetId };
  }

  /** Raises an extension of time, takes it up and approves it; answers the approved request. */
  async function approvedExtension(allotmentId: string, milestone = 'commence_construction') {
    const raised = await raise(owner, {
      request_type: 'eot',
      allotment_id: allotmentId,
      milestone,
      description: 'Monsoon delayed the foundations',
    });
    expect(raised.statusCode, raised.body).toBe(201);
    const request = raised.json() as ServiceRequest;
    expect((await move(zonal, request.id, { status: 'in_progress' })).statusCode).toBe(200);
    const approved = await move(zonal, request.id, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.json() as ServiceRequest;
  }

  async function pay(request: ServiceRequest) {
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.id, request.invoice_id!));
    const paid = await ctx.request(owner, {
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

  it('starts the lease and the two milestones at possession, and offers the holder its services', async () => {
    const possession = '2026-03-31';
    const { allotment: made } = await allotment({ possessionDate: possession });
    expect(made).toMatchObject({
      possession_date: possession,
      lease_ends_on: '2125-03-31',
      ended_on: null,
      refund_due: null,
      status: 'active',
      zone,
    });
    expect(made.milestones.map((m) => [m.kind, m.due_on, m.met_on, m.extensions, m.extensions_left])).toEqual([
      ['commence_construction', '2027-03-31', null, 0, 2],
      ['start_production', '2028-03-31', null, 0, 2],
    ]);
    // Every allottee service: the plot is held, in possession, with no dues and no open request.
    expect([...made.services_allowed].sort()).toEqual(EVERY_ALLOTTEE_SERVICE);
    const staffView = await get<Allotment>(zonal, `/api/allotments/${made.id}`);
    expect(staffView.services_allowed).toEqual([]);
    expect(staffView.milestones).toHaveLength(2);
  });

  it('extends a milestone by 12 months when the fee of an approved extension is paid, at most twice', async () => {
    const { allotment: made } = await allotment();
    const due = made.milestones[0]!.due_on;
    const first = await approvedExtension(made.id);
    // 2% of the ₹20,00,000 valuation for one year.
    expect(first.fee_amount).toBe(40_000);
    expect(first.milestone).toBe('commence_construction');
    // Approved but unpaid: nothing moves yet.
    expect((await get<Allotment>(owner, `/api/allotments/${made.id}`)).milestones[0]).toMatchObject({
      due_on: due,
      extensions: 0,
    });
    await pay(first);
    const extended = await get<Allotment>(owner, `/api/allotments/${made.id}`);
    expect(extended.milestones[0]).toMatchObject({ due_on: addMonths(due, 12), extensions: 1, extensions_left: 1 });
    const [event] = await ctx.db
      .select()
      .from(timelineEvents)
      .where(eq(timelineEvents.eventCode, 'milestone_extended'))
      .then((rows) => rows.filter((row) => row.entityId === made.id));
    expect(event).toMatchObject({ params: { milestone: 'commence_construction', due_on: addMonths(due, 12) } });
    // The holder is told, in the bell and by mail.
    const bell = await getList<{ code: string; params: Record<string, unknown> }>(ctx, owner, '/api/notifications');
    expect(bell.items.find((item) => item.code === 'milestone_extended')).toMatchObject({
      params: { milestone: 'commence_construction', due_on: addMonths(due, 12) },
    });

    // A second approved but unpaid extension is open and counts as used: a third is refused at once, naming it.
    const second = await approvedExtension(made.id);
    const third = await raise(owner, {
      request_type: 'eot',
      allotment_id: made.id,
      milestone: 'commence_construction',
      description: 'Third time',
    });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'service_request_open',
      params: { request_number: second.request_number, status: 'approved' },
    });
    expect((await get<Allotment>(owner, `/api/allotments/${made.id}`)).milestones[0]).toMatchObject({
      extensions: 1,
      extensions_used: 2,
      extensions_left: 0,
    });
    await pay(second);
    const twice = await get<Allotment>(owner, `/api/allotments/${made.id}`);
    expect(twice.milestones[0]).toMatchObject({ due_on: addMonths(due, 24), extensions: 2, extensions_left: 0 });
    expect(twice.services_allowed).toContain('eot'); // production can still be extended
    const after = await raise(owner, {
      request_type: 'eot',
      allotment_id: made.id,
      milestone: 'commence_construction',
      description: 'Third time',
    });
    expect(after.json().code).toBe('extension_limit');
  });

  it('refuses an extension of a met milestone, before possession, and without a milestone', async () => {
    const { allotment: made, applicationId } = await allotment();
    const started = await ctx.request(zonal, {
      method: 'PUT',
      url: `/api/applications/${applicationId}/status`,
      payload: { status: 'under_implementation', current_stage: 'Under implementation' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const read = await get<Allotment>(owner, `/api/allotments/${made.id}`);
    expect(read.milestones[0]).toMatchObject({ met_on: businessToday(), days_left: null, late: false });
    expect(read.milestones[1]!.met_on).toBeNull();
    const met = await raise(owner, {
      request_type: 'eot',
      allotment_id: made.id,
      milestone: 'commence_construction',
      description: 'Already built',
    });
    expect(met.statusCode).toBe(409);
    expect(met.json().code).toBe('milestone_met');

    const completed = await ctx.request(zonal, {
      method: 'PUT',
      url: `/api/applications/${applicationId}/status`,
      payload: { status: 'completed', current_stage: 'Completed' },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect((await get<Allotment>(owner, `/api/allotments/${made.id}`)).milestones[1]!.met_on).toBe(businessToday());

    const { allotment: early } = await allotment({ possessionDate: null });
    expect(early.milestones).toEqual([]);
    expect(early.services_allowed).not.toContain('eot');
    const before = await raise(owner, {
      request_type: 'eot',
      allotment_id: early.id,
      milestone: 'commence_construction',
      description: 'Too early',
    });
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('service_not_allowed');
    const surrenderEarly = await raise(owner, {
      request_type: 'withdrawal',
      allotment_id: early.id,
      description: 'Too early',
    });
    expect(surrenderEarly.json().code).toBe('service_not_allowed');

    const noMilestone = await raise(owner, { request_type: 'eot', allotment_id: made.id, description: 'Which one?' });
    expect(noMilestone.statusCode).toBe(422);
  });

  it("hides another's allotment from an entrepreneur and refuses to ask on it (404)", async () => {
    const { allotment: made } = await allotment();
    const other = await entrepreneurWithProfile(ctx, 'Nosy Works');
    expect((await ctx.request(other.token, { method: 'GET', url: `/api/allotments/${made.id}` })).statusCode).toBe(404);
    const asked = await raise(other.token, {
      request_type: 'eot',
      allotment_id: made.id,
      milestone: 'commence_construction',
      description: 'Not mine',
    });
    expect(asked.statusCode).toBe(404);
    const list = await getList<Allotment>(ctx, other.token, '/api/allotments');
    expect(list.items.map((item) => item.id)).not.toContain(made.id);
  });

  it('surrenders on approval: the plot returns with its full area, the refund is 90% of the premium paid less dues', async () => {
    const { allotment: made, applicationId, assetId } = await allotment();
    // The first premium instalment (25% of ₹20,00,000) paid.
    const premium = await insertInvoice(ctx.db, {
      applicationId,
      invoiceType: 'premium_instalment',
      amount: 500_000,
      dueDate: businessToday(),
      invoiceNumber: await nextNumber(ctx.db, 'invoice'),
    });
    await markInvoicePaidIfUnpaid(ctx.db, premium!.id);
    // An approved mortgage NOC whose ₹5,900 fee is still unpaid: the dues are set off against the refund.
    const noc = await raise(owner, {
      request_type: 'mortgage_noc',
      allotment_id: made.id,
      description: 'Term loan',
      particulars: { lender: 'State Bank of India', loan_amount: 5_000_000 },
    });
    expect(noc.statusCode, noc.body).toBe(201);
    await move(zonal, noc.json().id, { status: 'in_progress' });
    expect((await move(zonal, noc.json().id, { status: 'approved' })).json().invoice_id).toBeTruthy();
    const raised = await raise(owner, { request_type: 'withdrawal', allotment_id: made.id, description: 'Closing' });
    expect(raised.statusCode, raised.body).toBe(201);
    const request = raised.json() as ServiceRequest;
    expect(request.fee_amount).toBe(0);
    expect((await move(zonal, request.id, { status: 'in_progress' })).statusCode).toBe(200);

    const admin = await ctx.tokenFor('admin');
    const officers = [zonal, ho, admin];
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => move(officers[index % 3]!, request.id, { status: 'approved' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const lost = answers.filter((answer) => answer.statusCode === 409);
    expect(lost).toHaveLength(99);
    expect([...new Set(lost.map((answer) => answer.json().detail))]).toEqual(['The request is already approved']);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toMatchObject({ invoice_id: null });

    const ended = await get<Allotment>(owner, `/api/allotments/${made.id}`);
    // 90% of the ₹5,00,000 premium paid, less the ₹5,900 unpaid: ₹4,44,100.
    expect(ended).toMatchObject({ status: 'surrendered', ended_on: businessToday(), refund_due: 444_100 });
    expect(ended.services_allowed).toEqual([]);
    const asset = await findAssetById(ctx.db, assetId);
    expect(asset).toMatchObject({ status: 'available', availableArea: asset!.totalArea });
    const events = (
      await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.eventCode, 'allotment_surrendered'))
    ).filter((row) => row.entityId === made.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.params).toMatchObject({ refund_due: 444_100, ended_on: businessToday() });
    const bell = await getList<{ code: string; params: Record<string, unknown> }>(ctx, owner, '/api/notifications');
    expect(bell.items.find((item) => item.code === 'allotment_surrendered')).toMatchObject({
      params: { allotment_number: made.allotment_number, refund_due: 444_100 },
    });
    // A surrendered allotment takes no more requests.
    const again = await raise(owner, { request_type: 'withdrawal', allotment_id: made.id, description: 'Again' });
    expect(again.json().code).toBe('service_not_allowed');
  });

  it('filters the register by status, zone and late milestones, and counts it', async () => {
    // Possession three years ago: both milestones late.
    const { allotment: late } = await allotment({ possessionDate: addMonths(businessToday(), -36) });
    expect(late.milestones.every((m) => m.late && m.days_left! < 0)).toBe(true);
    const inZone = await getList<Allotment>(ctx, zonal, `/api/allotments?zone=${encodeURIComponent(zone)}&limit=200`);
    expect(inZone.items.length).toBeGreaterThanOrEqual(5);
    expect(inZone.items.every((item) => item.zone === zone && item.asset_code && item.holder_name)).toBe(true);
    const byCode = await getList<Allotment>(ctx, zonal, `/api/allotments?q=${late.asset_code!.toLowerCase()}`);
    expect(byCode.items.map((item) => item.id)).toEqual([late.id]);
    const byHolder = await getList<Allotment>(
      ctx,
      zonal,
      `/api/allotments?zone=${encodeURIComponent(zone)}&q=${encodeURIComponent(late.holder_name!.slice(0, 4))}`,
    );
    expect(byHolder.items.map((item) => item.id)).toContain(late.id);
    const lateList = await getList<Allotment>(
      ctx,
      zonal,
      `/api/allotments?zone=${encodeURIComponent(zone)}&late=commence_construction`,
    );
    expect(lateList.items.map((item) => item.id)).toEqual([late.id]);
    const lateProduction = await getList<Allotment>(
      ctx,
      zonal,
      `/api/allotments?zone=${encodeURIComponent(zone)}&late=start_production`,
    );
    expect(lateProduction.items.map((item) => item.id)).toEqual([late.id]);
    const surrendered = await getList<Allotment>(
      ctx,
      zonal,
      `/api/allotments?zone=${encodeURIComponent(zone)}&status=surrendered`,
    );
    expect(surrendered.items).toHaveLength(1);

    const summary = await ctx.request(zonal, {
      method: 'GET',
      url: `/api/allotments/summary?zone=${encodeURIComponent(zone)}`,
    });
    expect(summary.statusCode).toBe(200);
    const counts = summary.json() as AllotmentSummary;
    expect(counts.late).toEqual({ commence_construction: 1, start_production: 1 });
    expect(counts.by_status.surrendered).toBe(1);
    expect(counts.by_status.active).toBe(inZone.items.length - 1);
    expect(counts.by_status.cancelled).toBe(0);
    expect((await ctx.request(owner, { method: 'GET', url: '/api/allotments/summary' })).statusCode).toBe(403);
    // The entrepreneur's own list is what they hold.
    const own = await getList<Allotment>(ctx, owner, '/api/allotments?limit=200');
    const [holder] = await ctx.db
      .select({ holder: allotments.holderUserId })
      .from(allotments)
      .where(eq(allotments.id, late.id));
    expect(own.items.every((item) => item.holder_user_id === holder!.holder)).toBe(true);
  });
});
