import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_ALLOTTEE_SERVICE } from '../../../test/service-fixtures';
import { eq } from 'drizzle-orm';
import {
  addCalendarDays,
  SHOW_CAUSE_REPLY_DAYS,
  businessToday,
  type Allotment,
  type AllotmentSummary,
  type ShowCause,
} from '@portal/contract';
import { allotments, assets, showCauses, timelineEvents } from '../../../db/schema';
import { findAssetById } from '../../../repositories/assets';
import { nextNumber } from '../../../repositories/counters';
import { insertInvoice, markInvoicePaidIfUnpaid } from '../../../repositories/invoices';
import { createTestContext, multipart, SAMPLE_FILES, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, getList } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

describe(`show-cause notices and cancellation for non-compliance (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: string;
  let zonal: string;
  let ho: string;
  const zone = `Show Cause Zone ${Date.now()}`;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await ctx.tokenFor('entrepreneur');
    zonal = await ctx.tokenFor('zonal_manager');
    ho = await ctx.tokenFor('ho');
  });
  afterAll(() => ctx.close());

  const get = <T>(token: string, url: string) => ctx.request(token, { method: 'GET', url }).then((r) => r.json() as T);
  const issue = (token: string, allotmentId: string, grounds = 'Construction has not commenced within 12 months') =>
    ctx.request(token, { method: 'POST', url: `/api/allotments/${allotmentId}/show-causes`, payload: { grounds } });
  const reply = (token: string, id: string, text = 'The building plan awaited the approval of the town planner') =>
    ctx.request(token, { method: 'POST', url: `/api/show-causes/${id}/reply`, payload: { reply: text } });
  const order = (token: string, id: string, outcome: 'cancelled' | 'dropped', note = 'Heard the holder in person') =>
    ctx.request(token, {
      method: 'POST',
      url: `/api/show-causes/${id}/order`,
      payload: { outcome, hearing_note: note },
    });

  /** An active allotment of the demo entrepreneur in `zone`, walked through the API to possession (or not). */
  async function allotment(withPossession = true): Promise<{ allotment: Allotment; applicationId: string }> {
    const app = await insertTestApplication(ctx, 'approved');
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
    if (withPossession) {
      const deed = await ctx.request(owner, {
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
        payload: { possession_date: businessToday(), area_verified: 900, boundary_marked: true },
      });
      expect(possessed.statusCode, possessed.body).toBe(201);
    }
    return { allotment: await get<Allotment>(owner, `/api/allotments/${id}`), applicationId: app.id };
  }

  async function issued(allotmentId: string): Promise<ShowCause> {
    const response = await issue(zonal, allotmentId);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ShowCause;
  }

  async function eventsOf(code: string, entityId: string) {
    return (await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.eventCode, code))).filter(
      (row) => row.entityId === entityId,
    );
  }

  it('issues a notice, takes the reply with a document, and cancels: plot returned, refund recorded', async () => {
    const { allotment: made, applicationId } = await allotment();
    // The first premium instalment paid (₹5,00,000) and ₹5,900 unpaid: the refund is 90% of the premium less it.
    const premium = await insertInvoice(ctx.db, {
      applicationId,
      invoiceType: 'premium_instalment',
      amount: 500_000,
      dueDate: businessToday(),
      invoiceNumber: await nextNumber(ctx.db, 'invoice'),
    });
    await markInvoicePaidIfUnpaid(ctx.db, premium!.id);
    await insertInvoice(ctx.db, {
      applicationId,
      invoiceType: 'service_fee',
      amount: 5_900,
      dueDate: businessToday(),
      invoiceNumber: await nextNumber(ctx.db, 'invoice'),
    });

    const notice = await issued(made.id);
    expect(notice).toMatchObject({
      allotment_id: made.id,
      allotment_number: made.allotment_number,
      status: 'awaiting_reply',
      reply_by: addCalendarDays(businessToday(), SHOW_CAUSE_REPLY_DAYS),
      reply: null,
      outcome: null,
      reply_documents: [],
    });
    expect(notice.notice_number).toMatch(/^SCN-\d{4}-\d{5}$/);
    expect(await eventsOf('show_cause_issued', notice.id)).toHaveLength(1);

    // The holder and staff see it; the allotment names it.
    expect((await get<ShowCause[]>(owner, `/api/allotments/${made.id}/show-causes`)).map((n) => n.id)).toEqual([
      notice.id,
    ]);
    expect((await get<Allotment>(owner, `/api/allotments/${made.id}`)).open_show_cause_id).toBe(notice.id);
    expect((await get<Allotment>(zonal, `/api/allotments/${made.id}`)).open_show_cause_id).toBe(notice.id);

    // No order before the reply or the reply-by day.
    const early = await order(zonal, notice.id, 'cancelled');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('show_cause_state');

    // A document, then the reply; an executable is refused.
    const bad = await ctx.request(owner, {
      method: 'POST',
      url: `/api/show-causes/${notice.id}/documents`,
      ...multipart({}, { name: 'reply.exe', bytes: SAMPLE_FILES.exe() }),
    });
    expect(bad.statusCode).toBe(415);
    const uploaded = await ctx.request(owner, {
      method: 'POST',
      url: `/api/show-causes/${notice.id}/documents`,
      ...multipart({}, { name: 'plan-approval.pdf', bytes: SAMPLE_FILES.pdf() }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const doc = (uploaded.json() as ShowCause).reply_documents[0]!;
    expect(doc.file_name).toBe('plan-approval.pdf');
    const file = await ctx.request(zonal, {
      method: 'GET',
      url: `/api/show-causes/${notice.id}/documents/${doc.id}/file`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');

    const replied = await reply(owner, notice.id);
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ status: 'replied', reply: expect.stringContaining('town planner') });
    expect(await eventsOf('show_cause_replied', notice.id)).toHaveLength(1);
    // Once sent, the reply is final.
    expect((await reply(owner, notice.id)).json().code).toBe('show_cause_state');
    const late = await ctx.request(owner, {
      method: 'POST',
      url: `/api/show-causes/${notice.id}/documents`,
      ...multipart({}, { name: 'more.pdf', bytes: SAMPLE_FILES.pdf() }),
    });
    expect(late.statusCode).toBe(409);

    const decided = await order(zonal, notice.id, 'cancelled', 'The reply does not explain the delay of a year');
    expect(decided.statusCode, decided.body).toBe(200);
    // 90% of ₹5,00,000 less the ₹5,900 unpaid.
    expect(decided.json()).toMatchObject({
      status: 'decided',
      outcome: 'cancelled',
      refund_due: 444_100,
      hearing_note: 'The reply does not explain the delay of a year',
    });
    const [row] = await ctx.db.select().from(showCauses).where(eq(showCauses.id, notice.id));
    expect(row!.decidedBy).toBeTruthy();
    expect(row!.decidedAt).toBeTruthy();

    const ended = await get<Allotment>(owner, `/api/allotments/${made.id}`);
    expect(ended).toMatchObject({
      status: 'cancelled',
      ended_on: businessToday(),
      refund_due: 444_100,
      open_show_cause_id: null,
      services_allowed: [],
    });
    const asset = await findAssetById(ctx.db, made.asset_id);
    expect(asset).toMatchObject({ status: 'available', availableArea: asset!.totalArea });
    const events = await eventsOf('show_cause_decided', notice.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.params).toMatchObject({ outcome: 'cancelled', refund_due: 444_100 });

    // A reply or another order after the order is refused; so is a notice on a cancelled allotment.
    expect((await reply(owner, notice.id)).json().code).toBe('show_cause_state');
    expect((await order(ho, notice.id, 'dropped')).json().code).toBe('show_cause_state');
    const again = await issue(zonal, made.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('service_not_allowed');
  });

  it('drops a notice left unanswered past its reply-by day, and changes nothing else', async () => {
    const { allotment: made } = await allotment();
    const notice = await issued(made.id);
    // The reply-by day has passed with no reply.
    await ctx.db
      .update(showCauses)
      .set({ replyBy: addCalendarDays(businessToday(), -1) })
      .where(eq(showCauses.id, notice.id));
    const tooLate = await reply(owner, notice.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().code).toBe('show_cause_state');
    const dropped = await order(ho, notice.id, 'dropped');
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({ outcome: 'dropped', refund_due: null });
    const after = await get<Allotment>(owner, `/api/allotments/${made.id}`);
    expect(after).toMatchObject({ status: 'active', ended_on: null, refund_due: null, open_show_cause_id: null });
    // Every allottee service: the plot is held, in possession, with no dues and no open request.
    expect([...after.services_allowed].sort()).toEqual(EVERY_ALLOTTEE_SERVICE);
    expect((await findAssetById(ctx.db, made.asset_id))!.status).toBe('allotted');
    // Once decided, a new notice may be issued.
    expect((await issue(zonal, made.id)).statusCode).toBe(201);
  });

  it('cancels only an allotment still active: an order to cancel one ended meanwhile is refused, writing nothing', async () => {
    const { allotment: made } = await allotment();
    const notice = await issued(made.id);
    expect((await reply(owner, notice.id)).statusCode).toBe(200);
    // The allotment ended some other way before the order (the guard reads it under its lock).
    await ctx.db.update(allotments).set({ status: 'surrendered' }).where(eq(allotments.id, made.id));
    const refused = await order(ho, notice.id, 'cancelled');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'show_cause_state',
      detail: 'This allotment is already surrendered: it cannot be cancelled',
    });
    const unchanged = await get<ShowCause>(ho, `/api/show-causes/${notice.id}`);
    expect(unchanged).toMatchObject({ status: 'replied', outcome: null, refund_due: null });
    expect(await eventsOf('show_cause_decided', notice.id)).toHaveLength(0);
    // Dropping the notice still closes it.
    const dropped = await order(ho, notice.id, 'dropped');
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({ status: 'decided', outcome: 'dropped' });
  });

  it('allows one open notice at a time, even when officers issue at once, and only after possession', async () => {
    const { allotment: noPossession } = await allotment(false);
    const refused = await issue(zonal, noPossession.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('service_not_allowed');

    const { allotment: made } = await allotment();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => issue(i % 2 ? ho : zonal, made.id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const lost = answers.filter((a) => a.statusCode !== 201);
    expect(lost.every((a) => a.statusCode === 409 && a.json().code === 'show_cause_state')).toBe(true);
    const second = await issue(zonal, made.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('show_cause_state');
  });

  it('offers an allottee under notice only surrender, and refuses other services', async () => {
    const { allotment: made } = await allotment();
    await issued(made.id);
    const read = await get<Allotment>(owner, `/api/allotments/${made.id}`);
    expect(read.services_allowed).toEqual(['withdrawal']);
  });

  it('hides a notice from another entrepreneur (404) and refuses the wrong roles (403)', async () => {
    const { allotment: made } = await allotment();
    const notice = await issued(made.id);
    const other = await entrepreneurWithProfile(ctx, 'Curious Works');
    const asOther = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      ctx.request(other.token, { method, url, payload }).then((r) => r.statusCode);
    expect(await asOther('GET', `/api/show-causes/${notice.id}`)).toBe(404);
    expect(await asOther('GET', `/api/allotments/${made.id}/show-causes`)).toBe(404);
    expect(await asOther('POST', `/api/show-causes/${notice.id}/reply`, { reply: 'Not mine' })).toBe(404);

    // The entrepreneur may not issue nor order; committee and legal may not either; staff may not reply.
    expect((await issue(owner, made.id)).statusCode).toBe(403);
    expect((await order(owner, notice.id, 'dropped')).statusCode).toBe(403);
    const committee = await ctx.tokenFor('committee');
    const legal = await ctx.tokenFor('legal');
    expect((await issue(committee, made.id)).statusCode).toBe(403);
    expect((await order(legal, notice.id, 'cancelled')).statusCode).toBe(403);
    const staffReply = await reply(zonal, notice.id);
    expect(staffReply.statusCode).toBe(403);
    expect(staffReply.json().detail).toBeTruthy();
    // Legal reads it (read:allotments:any).
    expect((await ctx.request(legal, { method: 'GET', url: `/api/show-causes/${notice.id}` })).statusCode).toBe(200);
    // Bad input: 422, never 500.
    const empty = await ctx.request(zonal, {
      method: 'POST',
      url: `/api/allotments/${made.id}/show-causes`,
      payload: { grounds: '   ' },
    });
    expect(empty.statusCode).toBe(422);
    const badOutcome = await ctx.request(zonal, {
      method: 'POST',
      url: `/api/show-causes/${notice.id}/order`,
      payload: { outcome: 'forfeited', hearing_note: 'x' },
    });
    expect(badOutcome.statusCode).toBe(422);
    expect((await get<{ code: string }>(zonal, `/api/show-causes/${crypto.randomUUID()}`)).code).toBe('not_found');
  });

  it('lets exactly one of several officers ordering at once win', async () => {
    const { allotment: made } = await allotment();
    const notice = await issued(made.id);
    expect((await reply(owner, notice.id)).statusCode).toBe(200);
    const admin = await ctx.tokenFor('admin');
    const officers = [zonal, ho, admin];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => order(officers[i % 3]!, notice.id, i % 2 ? 'dropped' : 'cancelled')),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(lost.every((a) => a.statusCode === 409 && a.json().code === 'show_cause_state')).toBe(true);
    expect(await eventsOf('show_cause_decided', notice.id)).toHaveLength(1);
    const after = await get<Allotment>(zonal, `/api/allotments/${made.id}`);
    expect(after.status).toBe(won[0]!.json().outcome === 'cancelled' ? 'cancelled' : 'active');
  });

  it('lists allotments whose notice awaits a reply, and counts them', async () => {
    const { allotment: awaiting } = await allotment();
    await issued(awaiting.id);
    const list = await getList<Allotment>(
      ctx,
      zonal,
      `/api/allotments?zone=${encodeURIComponent(zone)}&late=show_cause&limit=200`,
    );
    expect(list.items.map((item) => item.id)).toContain(awaiting.id);
    expect(list.items.every((item) => item.open_show_cause_id)).toBe(true);
    const summary = await get<AllotmentSummary>(zonal, `/api/allotments/summary?zone=${encodeURIComponent(zone)}`);
    expect(summary.show_cause_awaiting).toBe(list.items.length);
  });
});
