import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { signRound } from '@portal/beacon-sandbox';
import {
  PERFORMANCE_REQUESTS_PER_MINUTE,
  SCHEME_PATHS,
  SCHEME_RULES,
  type ApplicantCategory,
  type PublicScheme,
  type SchemeDetail,
  type SchemeEntryRow,
} from '@portal/contract';
import {
  allotments,
  applications,
  auditLog,
  invoices,
  mailOutbox,
  notifications,
  publicSchemeRecords,
  schemeEntries,
  schemeSeeds,
  schemes,
  timelineEvents,
} from '../../../db/schema';
import { runDeadlineSweep } from '../../deadlines/rules/escalation';
import { recordInvoicePayment } from '../../money/rules/payments';
import { findAssetById } from '../../../repositories/assets';
import { findApplicationById } from '../../../repositories/applications';
import { findDueRefund } from '../../money/repositories/refunds';
import { SYSTEM_ACTOR } from '../../../repositories/timeline';
import { closingTimePassed } from '../../../test/scheme-fixtures';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, getList, walkList } from '../../../test/list-fixtures';
import { insertTestApplication, insertTestAsset, setApplicationStatus } from '../../../test/workflow-fixtures';
import { allocate, commitmentOf, drawOrder, integerStream } from '../rules/scheme-draw';
import { settleSchemeOutcomes } from '../rules/scheme-outcomes';
import { runSchemeSweep } from './sweep';

const api = (path: string) => `/api${path}`;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('the draw function', () => {
  const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

  it('reads 32-bit integers from SHA-256 counter blocks, and shuffles a fixed list the same way every time', () => {
    const next = integerStream(seed);
    const first = Array.from({ length: 9 }, () => next());
    // The eighth integer is the last of block 0, the ninth the first of block 1.
    expect(first).toEqual([
      1895039037, 1387719427, 3666161299, 627792262, 3050604592, 2562423155, 3159562444, 1717795460, 78025994,
    ]);
    expect(drawOrder(seed, [...'ABCDEFGHIJ']).join('')).toBe('BJCFAIGDEH');
    expect(commitmentOf(seed)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('gives reserved plots to their category first, and to anyone when nobody of the category applied', () => {
    const order = [
      { applicationId: 'a', plotId: 'P1', category: 'general' },
      { applicationId: 'b', plotId: 'P1', category: 'sc' },
      { applicationId: 'c', plotId: 'P2', category: 'general' },
      { applicationId: 'd', plotId: 'P3', category: 'general' },
    ];
    const reserved = new Map<string, string | null>([
      ['P1', 'sc'],
      ['P2', 'st'],
      ['P3', null],
    ]);
    expect(allocate(order, reserved).map((line) => [line.entry.applicationId, line.rank, line.won])).toEqual([
      ['a', 1, false],
      ['b', 2, true],
      ['c', 3, true],
      ['d', 4, true],
    ]);
    // The plot reserved for ST went to a general applicant: the allocation says why, and only there.
    expect(allocate(order, reserved).map((line) => line.reason)).toEqual([
      null,
      null,
      'reserved_category_absent',
      null,
    ]);
  });
});

describe(`schemes (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ho: string;
  let zonal: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    ho = await ctx.tokenFor('ho');
    zonal = await ctx.tokenFor('zonal_manager');
  });
  afterAll(() => ctx.close());

  const minute = 60_000;
  const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  async function publish(body: Record<string, unknown>, token = ho) {
    return ctx.request(token, { method: 'POST', url: api(SCHEME_PATHS.list), payload: body });
  }

  async function openScheme(
    mode: 'draw' | 'first_come' | 'auction',
    plotCount: number,
    extra: Record<string, unknown> = {},
  ): Promise<SchemeDetail> {
    const assets = [];
    for (let i = 0; i < plotCount; i++) assets.push(await insertTestAsset(ctx, { valuation: 2_000_000 }));
    const response = await publish({
      title: `Test ${mode} scheme`,
      mode,
      opens_at: iso(-minute),
      closes_at: iso(60 * minute),
      plots: assets.map((asset) => ({
        asset_id: asset.id,
        ...(mode === 'auction' ? { reserve_price: 3_000_000 } : {}),
      })),
      ...(mode === 'auction'
        ? { increment: 50_000, auction_starts_at: iso(61 * minute), auction_ends_at: iso(120 * minute) }
        : {}),
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as SchemeDetail;
  }

  async function apply(
    token: string,
    scheme: { id: string },
    assetId: string,
    investment = 10_000_000,
  ): Promise<{ statusCode: number; body: string; id?: string; code?: string }> {
    const created = await ctx.request(token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: assetId,
        scheme_id: scheme.id,
        project_description: 'A unit in the scheme',
        estimated_investment: investment,
        employment_generation: 12,
      },
    });
    if (created.statusCode !== 201) {
      return { statusCode: created.statusCode, body: created.body, code: created.json().code };
    }
    const id = created.json().id as string;
    const submitted = await ctx.request(token, { method: 'POST', url: `/api/applications/${id}/submit` });
    return { statusCode: submitted.statusCode, body: submitted.body, id, code: submitted.json().code };
  }

  /** Approved, with its deposits (EMD, and an auction's participation fee) paid through the payments path. */
  async function qualify(applicationId: string, pay: 'all' | 'none' = 'all'): Promise<void> {
    await setApplicationStatus(ctx, applicationId, 'approved');
    if (pay === 'none') return;
    const owed = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, applicationId), sql`${invoices.status} <> 'paid'`));
    for (const invoice of owed) {
      await ctx.db.transaction((tx) =>
        recordInvoicePayment(tx, SYSTEM_ACTOR, {
          invoice,
          interest: 0,
          method: 'online',
          reference: `TEST-${invoice.invoiceNumber}`,
          paidBy: null,
        }),
      );
    }
  }

  async function closeNow(schemeId: string) {
    await closingTimePassed(ctx, schemeId);
    return ctx.request(ho, { method: 'POST', url: api(SCHEME_PATHS.close(schemeId)) });
  }

  const decide = (schemeId: string, token = ho) =>
    ctx.request(token, { method: 'POST', url: api(SCHEME_PATHS.decide(schemeId)) });

  async function bidder(name: string, category: ApplicantCategory = 'general') {
    return entrepreneurWithProfile(ctx, `${name} Industries`, category);
  }

  it('publishes a scheme: numbered, plots ordered by code with the reserved share first, the seed committed and kept', async () => {
    const scheme = await openScheme('draw', 4, { reservations: [{ category: 'sc', share_percent: 50 }] });
    expect(scheme.scheme_number).toMatch(/^SCH-\d{4}-\d{6}$/);
    expect(scheme).toMatchObject({ status: 'open', accepting: true, seed: null, qualified_count: null });
    const codes = scheme.plots.map((plot) => plot.asset_code);
    expect(codes).toEqual([...codes].sort());
    expect(scheme.plots.map((plot) => plot.reserved_for)).toEqual(['sc', 'sc', null, null]);
    const [stored] = await ctx.db.select().from(schemeSeeds).where(eq(schemeSeeds.schemeId, scheme.id));
    expect(stored!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(scheme.commitment).toBe(commitmentOf(stored!.seed));
    // Nothing anyone reads shows the seed before the draw: the detail, the public page, the audit trail.
    const detail = await ctx.request(ho, { method: 'GET', url: api(SCHEME_PATHS.one(scheme.id)) });
    expect(detail.body).not.toContain(stored!.seed);
    const open = await ctx.request(null, { method: 'GET', url: api(SCHEME_PATHS.public(scheme.scheme_number)) });
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain(stored!.seed);
    expect((open.json() as PublicScheme).seed).toBeNull();
    const audited = await ctx.db
      .select({ seq: auditLog.seq })
      .from(auditLog)
      .where(sql`${auditLog}::text like ${`%${stored!.seed}%`}`);
    expect(audited).toEqual([]);
  });

  it('refuses a bad scheme (422), a plot already offered (409), a plot not available (409) and anyone but ho or admin (403)', async () => {
    const asset = await insertTestAsset(ctx);
    const base = { title: 'A valid title', mode: 'draw', opens_at: iso(-minute), closes_at: iso(minute) };
    for (const body of [
      { ...base, plots: [] },
      { ...base, closes_at: iso(-2 * minute), plots: [{ asset_id: asset.id }] },
      { ...base, mode: 'auction', plots: [{ asset_id: asset.id }] },
      { ...base, plots: [{ asset_id: asset.id }], reservations: [{ category: 'sc', share_percent: 101 }] },
      { ...base, title: 'x', plots: [{ asset_id: asset.id }] },
    ]) {
      const bad = await publish(body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(bad.json().code).toBe('validation_failed');
    }
    const first = await publish({ ...base, plots: [{ asset_id: asset.id }] });
    expect(first.statusCode, first.body).toBe(201);
    const again = await publish({ ...base, plots: [{ asset_id: asset.id }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('scheme_state');
    expect(again.json().detail).toContain(asset.assetCode);
    const taken = await insertTestAsset(ctx, { status: 'allotted' });
    const notAvailable = await publish({ ...base, plots: [{ asset_id: taken.id }] });
    expect(notAvailable.statusCode).toBe(409);
    expect(notAvailable.json().detail).toContain(taken.assetCode);
    const fresh = await insertTestAsset(ctx);
    expect((await publish({ ...base, plots: [{ asset_id: fresh.id }] }, zonal)).statusCode).toBe(403);
    const { token } = await bidder('Forbidden');
    expect((await publish({ ...base, plots: [{ asset_id: fresh.id }] }, token)).statusCode).toBe(403);
  });

  it('takes applications only in its window, for its plots, meeting its minimum, once per plot', async () => {
    const scheme = await openScheme('draw', 1, { min_investment: 5_000_000 });
    const plot = scheme.plots[0]!;
    const { token } = await bidder('Window');
    const outside = await insertTestAsset(ctx);
    const notInScheme = await apply(token, scheme, outside.id);
    expect(notInScheme.statusCode).toBe(404);
    expect(notInScheme.code).toBe('plot_not_in_scheme');
    const tooSmall = await apply(token, scheme, plot.asset_id, 1_000_000);
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.code).toBe('scheme_ineligible');
    const made = await apply(token, scheme, plot.asset_id);
    expect(made.statusCode, made.body).toBe(200);
    const twice = await apply(token, scheme, plot.asset_id);
    expect(twice.statusCode).toBe(409);
    // Outside the scheme, its plot is not applied for.
    const direct = await ctx.request(token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: plot.asset_id,
        project_description: 'Not in the scheme',
        estimated_investment: 10_000_000,
        employment_generation: 1,
      },
    });
    expect(direct.statusCode).toBe(409);
    // A draft made in time is not submitted once the window has closed.
    const { token: late } = await bidder('Late');
    const draft = await ctx.request(late, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: plot.asset_id,
        scheme_id: scheme.id,
        project_description: 'Late submission',
        estimated_investment: 10_000_000,
        employment_generation: 1,
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    await closingTimePassed(ctx, scheme.id);
    const submitLate = await ctx.request(late, { method: 'POST', url: `/api/applications/${draft.json().id}/submit` });
    expect(submitLate.statusCode).toBe(409);
    expect(submitLate.json().code).toBe('scheme_not_accepting');

    const future = await openScheme('draw', 1, { opens_at: iso(30 * minute) });
    const early = await apply(token, future, future.plots[0]!.asset_id);
    expect(early.statusCode).toBe(409);
    expect(early.code).toBe('scheme_not_accepting');
  });

  it("raises an auction's EMD at 10% of the reserve price and its participation fee on submission", async () => {
    const scheme = await openScheme('auction', 1);
    const { token } = await bidder('Auction');
    const made = await apply(token, scheme, scheme.plots[0]!.asset_id);
    expect(made.statusCode, made.body).toBe(200);
    const raised = await ctx.db.select().from(invoices).where(eq(invoices.applicationId, made.id!));
    const amountOf = (type: string) => raised.find((invoice) => invoice.invoiceType === type)?.amount;
    expect(amountOf('emd')).toBe(300_000);
    expect(amountOf('participation_fee')).toBe(SCHEME_RULES.participationFee);
    expect(amountOf('processing_fee')).toBeGreaterThan(0);
    expect(scheme.plots[0]!.emd).toBe(300_000);
    expect(scheme.participation_fee).toBe(SCHEME_RULES.participationFee);
  });

  it('closes only after its closing time: the qualified listed, the rest rejected with their EMD due back, drafts kept', async () => {
    const scheme = await openScheme('draw', 2);
    const [a, b] = scheme.plots;
    const qualified = await bidder('Qualified');
    const unpaid = await bidder('Unpaid');
    const unapproved = await bidder('Unapproved');
    const drafter = await bidder('Drafter');
    const q = await apply(qualified.token, scheme, a!.asset_id);
    const u = await apply(unpaid.token, scheme, a!.asset_id);
    const s = await apply(unapproved.token, scheme, b!.asset_id);
    await qualify(q.id!);
    await qualify(u.id!, 'none');
    // Scrutiny under way, with the EMD paid: not approved by the closing date.
    const emd = (await ctx.db.select().from(invoices).where(eq(invoices.applicationId, s.id!))).find(
      (invoice) => invoice.invoiceType === 'emd',
    )!;
    await ctx.db.transaction((tx) =>
      recordInvoicePayment(tx, SYSTEM_ACTOR, {
        invoice: emd,
        interest: 0,
        method: 'online',
        reference: 'T',
        paidBy: null,
      }),
    );
    const draft = await ctx.request(drafter.token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: b!.asset_id,
        scheme_id: scheme.id,
        project_description: 'Never submitted',
        estimated_investment: 10_000_000,
        employment_generation: 1,
      },
    });
    expect(draft.statusCode).toBe(201);

    const early = await ctx.request(ho, { method: 'POST', url: api(SCHEME_PATHS.close(scheme.id)) });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('scheme_state');
    expect((await decide(scheme.id)).json().code).toBe('scheme_state');

    const closed = await closeNow(scheme.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', qualified_count: 1, application_count: 3 });
    const again = await ctx.request(ho, { method: 'POST', url: api(SCHEME_PATHS.close(scheme.id)) });
    expect(again.statusCode).toBe(409);

    expect((await findApplicationById(ctx.db, q.id!))!.status).toBe('approved');
    expect((await findApplicationById(ctx.db, u.id!))!.status).toBe('rejected');
    expect((await findApplicationById(ctx.db, s.id!))!.status).toBe('rejected');
    expect((await findApplicationById(ctx.db, draft.json().id))!.status).toBe('draft');
    expect(await findDueRefund(ctx.db, s.id!, 'emd')).toMatchObject({ amount: emd.amount });
    expect(await findDueRefund(ctx.db, u.id!, 'emd')).toBeUndefined();

    const entries = await getList<SchemeEntryRow>(
      ctx,
      ho,
      api(`${SCHEME_PATHS.entries(scheme.id)}?sort=list_position`),
    );
    const numberOf = async (id: string) => (await findApplicationById(ctx.db, id))!.applicationNumber;
    // The listed first, then the rest (among themselves in no set order).
    expect(entries.items[0]).toMatchObject({
      application_number: await numberOf(q.id!),
      qualified: true,
      outcome: null,
      list_position: 1,
    });
    expect(
      entries.items.slice(1).map((row) => [row.application_number, row.qualified, row.outcome, row.list_position]),
    ).toEqual(
      expect.arrayContaining([
        [await numberOf(u.id!), false, 'not_qualified', null],
        [await numberOf(s.id!), false, 'not_qualified', null],
      ]),
    );
    expect(entries.items).toHaveLength(3);
    // A page at a time by the cursor, in either order, each row once.
    for (const sort of ['list_position', '-list_position', 'application_number']) {
      const walked = await walkList<SchemeEntryRow & { id: string }>(
        ctx,
        ho,
        api(`${SCHEME_PATHS.entries(scheme.id)}?sort=${sort}&limit=1`),
      );
      expect(walked.map((row) => row.application_id).sort()).toEqual(
        entries.items.map((row) => row.application_id).sort(),
      );
    }
    const byOutcome = await getList<SchemeEntryRow>(
      ctx,
      ho,
      api(`${SCHEME_PATHS.entries(scheme.id)}?outcome=not_qualified&q=${encodeURIComponent('Unpaid')}`),
    );
    expect(byOutcome.items.map((row) => row.application_id)).toEqual([u.id]);
    expect((await ctx.request(zonal, { method: 'GET', url: api(SCHEME_PATHS.entries(scheme.id)) })).statusCode).toBe(
      200,
    );
    expect(
      (await ctx.request(qualified.token, { method: 'GET', url: api(SCHEME_PATHS.entries(scheme.id)) })).statusCode,
    ).toBe(403);
    // Rejected by the scheme's rule, not an officer's decision: no appeal.
    const appeal = await ctx.request(unpaid.token, { method: 'GET', url: `/api/applications/${u.id}/appeals` });
    expect(appeal.json()).toMatchObject({ can_appeal: false, refusal: 'not_appealable' });
  });

  it('draws once: deterministic from the revealed seed, the reserved plot to its category, the rest rejected, the sheet and the public page', async () => {
    const scheme = await openScheme('draw', 2, { reservations: [{ category: 'sc', share_percent: 50 }] });
    const [reservedPlot, openPlot] = scheme.plots;
    expect(reservedPlot!.reserved_for).toBe('sc');
    const people = [
      await bidder('Alpha'),
      await bidder('Beta'),
      await bidder('Gamma', 'sc'),
      await bidder('Delta'),
      await bidder('Epsilon'),
    ];
    const ids: string[] = [];
    for (const [index, person] of people.entries()) {
      const plot = index < 3 ? reservedPlot! : openPlot!;
      const made = await apply(person.token, scheme, plot.asset_id);
      expect(made.statusCode, made.body).toBe(200);
      await qualify(made.id!);
      ids.push(made.id!);
    }
    // While bidding is open nobody sees a seed; the qualified list is published at the close.
    expect((await closeNow(scheme.id)).statusCode).toBe(200);
    const closedRecord = (await ctx
      .request(null, { method: 'GET', url: api(SCHEME_PATHS.public(scheme.scheme_number)) })
      .then((r) => r.json())) as PublicScheme;
    expect(closedRecord.qualified).toHaveLength(5);
    expect(closedRecord.seed).toBeNull();
    expect(closedRecord.result).toBeNull();

    const [first, second] = await Promise.all([decide(scheme.id), decide(scheme.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 409)!.json().code).toBe('scheme_decided');
    const decided = [first, second].find((r) => r.statusCode === 200)!.json() as SchemeDetail;
    expect(decided.status).toBe('decided');
    expect(decided.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(commitmentOf(decided.seed!)).toBe(scheme.commitment);
    expect(decided.decided_by_name).toBeTruthy();
    expect((await decide(scheme.id)).json().code).toBe('scheme_decided');

    // The result recomputed from the seed, the beacon's round named at the opening and the list frozen at the close.
    const record = (await ctx
      .request(null, { method: 'GET', url: api(SCHEME_PATHS.public(scheme.scheme_number)) })
      .then((r) => r.json())) as PublicScheme;
    const list = [...record.qualified!].sort((x, y) => x.position - y.position);
    const listText = list
      .map((line) => `${line.position}\t${line.application_number}\t${line.plot_code}\t${line.category}\n`)
      .join('');
    expect(record.qualified_hash).toBe(closedRecord.qualified_hash);
    expect(record.qualified_hash).toBe(createHash('sha256').update(listText).digest('hex'));
    expect(record.beacon!.round).toBe(decided.beacon!.round);
    expect(record.beacon_round).toEqual(signRound(record.beacon!.round));
    const orderSeed = createHash('sha256')
      .update(Buffer.from(decided.seed! + record.beacon_round!.randomness + record.qualified_hash!, 'hex'))
      .digest('hex');
    expect(record.draw_seed).toBe(orderSeed);
    const order = drawOrder(orderSeed, list);
    const reserved = new Map(record.plots.map((plot) => [plot.plot_code, plot.reserved_for]));
    const expected = allocate(
      order.map((line) => ({ ...line, applicationId: line.application_number, plotId: line.plot_code })),
      reserved,
    );
    const published = new Map(record.result!.map((line) => [line.application_number, line]));
    for (const line of expected) {
      expect(published.get(line.entry.application_number)).toMatchObject({
        outcome: line.won ? 'won' : 'lost',
        rank: line.rank,
      });
    }
    // The reserved plot went to the one sc applicant.
    const gammaNumber = (await findApplicationById(ctx.db, ids[2]!))!.applicationNumber;
    expect(published.get(gammaNumber)!.outcome).toBe('won');
    expect(record.result!.filter((line) => line.outcome === 'won')).toHaveLength(2);

    // Winners wait for the premium; the others are rejected with their EMD due back.
    for (const id of ids) {
      const row = (await findApplicationById(ctx.db, id))!;
      const line = published.get(row.applicationNumber)!;
      expect(row.status).toBe(line.outcome === 'won' ? 'pending_payment' : 'rejected');
      if (line.outcome === 'lost') expect(await findDueRefund(ctx.db, id, 'emd')).toBeDefined();
    }

    // Each applicant is told the result, in-app and by mail; the timeline names the scheme and the outcome.
    for (const id of ids) {
      const row = (await findApplicationById(ctx.db, id))!;
      const told = await ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.applicationId, id), eq(notifications.code, 'scheme_result')));
      expect(told).toHaveLength(1);
      expect(told[0]!.params).toMatchObject({
        scheme_number: scheme.scheme_number,
        outcome: published.get(row.applicationNumber)!.outcome,
      });
      const moved = await ctx.db
        .select()
        .from(timelineEvents)
        .where(and(eq(timelineEvents.applicationId, id), eq(timelineEvents.eventCode, 'status_changed')));
      expect(moved.map((event) => event.params)).toContainEqual(
        expect.objectContaining({
          scheme_number: scheme.scheme_number,
          rank: published.get(row.applicationNumber)!.rank,
        }),
      );
    }
    const mailed = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'scheme_result'));
    expect(mailed.length).toBeGreaterThanOrEqual(ids.length);

    // No one is named in the public record.
    const body = JSON.stringify(record);
    for (const person of people) {
      expect(body).not.toContain(person.email);
      expect(body).not.toContain('Industries');
    }
    expect(record.verification_code).toBeTruthy();

    // The result sheet: the commitment, the seed and the winner, for staff and for those who applied only.
    const sheet = await ctx.request(ho, { method: 'GET', url: api(SCHEME_PATHS.resultSheet(scheme.id)) });
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.headers['x-verification-code']).toBe(record.verification_code);
    const text = (await pdfText(sheet.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain(scheme.commitment);
    expect(text).toContain(decided.seed!);
    expect(text).toContain(gammaNumber);
    const applicantSheet = await ctx.request(people[0]!.token, {
      method: 'GET',
      url: api(SCHEME_PATHS.resultSheet(scheme.id)),
    });
    expect(applicantSheet.statusCode).toBe(200);
    const { token: stranger } = await bidder('Stranger');
    expect(
      (await ctx.request(stranger, { method: 'GET', url: api(SCHEME_PATHS.resultSheet(scheme.id)) })).statusCode,
    ).toBe(404);

    // The applicant sees their own entry and was told.
    const mine = (await ctx
      .request(people[2]!.token, { method: 'GET', url: api(SCHEME_PATHS.one(scheme.id)) })
      .then((r) => r.json())) as SchemeDetail;
    expect(mine.my_entries).toEqual([
      expect.objectContaining({ application_id: ids[2], outcome: 'won', qualified: true }),
    ]);

    // The winner pays the premium: the portal allots the plot and records the winner.
    const premium = (await ctx.db.select().from(invoices).where(eq(invoices.applicationId, ids[2]!))).find(
      (invoice) => invoice.invoiceType === 'premium_instalment',
    )!;
    await ctx.db.transaction((tx) =>
      recordInvoicePayment(tx, SYSTEM_ACTOR, {
        invoice: premium,
        interest: 0,
        method: 'online',
        reference: 'PREMIUM',
        paidBy: null,
      }),
    );
    expect((await findApplicationById(ctx.db, ids[2]!))!.status).toBe('provisional_allotment');
    expect(await ctx.db.select().from(allotments).where(eq(allotments.applicationId, ids[2]!))).toHaveLength(1);
    const after = (await ctx
      .request(ho, { method: 'GET', url: api(SCHEME_PATHS.one(scheme.id)) })
      .then((r) => r.json())) as SchemeDetail;
    expect(after.plots.find((plot) => plot.id === reservedPlot!.id)!.winner_application_number).toBe(gammaNumber);
  });

  it('says why: a reserved plot given to the general order on both records, and each rejection its reason', async () => {
    const scheme = await openScheme('first_come', 1, { reservations: [{ category: 'sc', share_percent: 100 }] });
    const plot = scheme.plots[0]!;
    expect(plot.reserved_for).toBe('sc');
    const women = await bidder('Women First', 'women');
    const general = await bidder('General Second');
    const late = await bidder('Never Approved');
    const winner = await apply(women.token, scheme, plot.asset_id);
    const loser = await apply(general.token, scheme, plot.asset_id);
    const unqualified = await apply(late.token, scheme, plot.asset_id);
    await qualify(winner.id!);
    await qualify(loser.id!);
    await ctx.db
      .update(applications)
      .set({ submittedAt: new Date(Date.now() - 10 * minute) })
      .where(eq(applications.id, winner.id!));
    expect((await closeNow(scheme.id)).statusCode).toBe(200);
    const notQualified = await ctx.request(late.token, { method: 'GET', url: `/api/applications/${unqualified.id}` });
    expect(notQualified.json().closing_reason).toEqual({
      code: 'scheme_not_qualified',
      params: { scheme_number: scheme.scheme_number },
    });
    const decided = await decide(scheme.id);
    expect(decided.statusCode, decided.body).toBe(200);
    expect((decided.json() as SchemeDetail).plots[0]).toMatchObject({
      winner_reason: 'reserved_category_absent',
    });
    const record = (
      await ctx.request(null, { method: 'GET', url: api(SCHEME_PATHS.public(scheme.scheme_number)) })
    ).json();
    expect(record.result).toEqual([
      expect.objectContaining({ outcome: 'won', reason: 'reserved_category_absent' }),
      expect.objectContaining({ outcome: 'lost', reason: null }),
    ]);
    const lost = await ctx.request(general.token, { method: 'GET', url: `/api/applications/${loser.id}` });
    expect(lost.json().closing_reason).toEqual({
      code: 'scheme_lost',
      params: { scheme_number: scheme.scheme_number, rank: 2 },
    });
    // The winner's application is not closed: it has no reason to give.
    const won = await ctx.request(women.token, { method: 'GET', url: `/api/applications/${winner.id}` });
    expect(won.json().closing_reason).toBeNull();
  });

  it('runs first come by submission time, and officers may not ask a scheme application for payment', async () => {
    const scheme = await openScheme('first_come', 1);
    const plot = scheme.plots[0]!;
    const early = await bidder('Early');
    const later = await bidder('Later');
    const laterApp = await apply(later.token, scheme, plot.asset_id);
    const earlyApp = await apply(early.token, scheme, plot.asset_id);
    await qualify(laterApp.id!);
    await qualify(earlyApp.id!);
    // Submitted in the other order than their numbers.
    await ctx.db
      .update(applications)
      .set({ submittedAt: new Date(Date.now() - 10 * minute) })
      .where(eq(applications.id, earlyApp.id!));
    const asked = await ctx.request(ho, {
      method: 'PUT',
      url: `/api/applications/${earlyApp.id}/status`,
      payload: { status: 'pending_payment', current_stage: 'Pay the premium' },
    });
    expect(asked.statusCode).toBe(409);
    // Waiting for the scheme, nobody is waited on: however long it waits, it is never escalated.
    expect((await findApplicationById(ctx.db, earlyApp.id!))!.waitingOn).toBeNull();
    await ctx.db.update(applications).set({ stageDueOn: '2020-01-06' }).where(eq(applications.id, earlyApp.id!));
    await runDeadlineSweep(ctx.db, { holder: 'scheme-deadline-test' });
    expect((await findApplicationById(ctx.db, earlyApp.id!))!.escalatedTo).toBeNull();

    expect((await closeNow(scheme.id)).statusCode).toBe(200);
    const decided = await decide(scheme.id);
    expect(decided.statusCode, decided.body).toBe(200);
    expect((decided.json() as SchemeDetail).seed).toBeNull();
    const [earlyEntry] = await ctx.db.select().from(schemeEntries).where(eq(schemeEntries.applicationId, earlyApp.id!));
    const [laterEntry] = await ctx.db.select().from(schemeEntries).where(eq(schemeEntries.applicationId, laterApp.id!));
    expect(earlyEntry).toMatchObject({ listPosition: 1, rank: 1, outcome: 'won' });
    expect(laterEntry).toMatchObject({ listPosition: 2, rank: 2, outcome: 'lost' });
    expect((await findApplicationById(ctx.db, earlyApp.id!))!.status).toBe('pending_payment');
  });

  it("settles an auction's lot: H1 invoiced the bid less the EMD, H2 waitlisted; a default forfeits the EMD and H2 wins; H2 paying is allotted", async () => {
    const scheme = await openScheme('auction', 1);
    const plot = scheme.plots[0]!;
    const people = [await bidder('Highest'), await bidder('Second'), await bidder('Third')];
    const ids: string[] = [];
    for (const person of people) {
      const made = await apply(person.token, scheme, plot.asset_id);
      expect(made.statusCode, made.body).toBe(200);
      await qualify(made.id!);
      ids.push(made.id!);
    }
    const [h1, h2, h3] = ids as [string, string, string];
    expect((await closeNow(scheme.id)).json()).toMatchObject({ status: 'closed', qualified_count: 3 });
    await ctx.db.transaction((tx) =>
      settleSchemeOutcomes(tx, scheme.id, [
        { applicationId: h1, outcome: 'won', rank: 1, amount: 4_000_000, payBy: '2030-01-31' },
        { applicationId: h2, outcome: 'waitlisted', rank: 2, amount: 3_500_000 },
        { applicationId: h3, outcome: 'lost', rank: 3, amount: null },
      ]),
    );
    const premiumOf = async (id: string) =>
      (await ctx.db.select().from(invoices).where(eq(invoices.applicationId, id))).find(
        (invoice) => invoice.invoiceType === 'premium_instalment',
      );
    expect(await premiumOf(h1)).toMatchObject({ amount: 3_700_000, dueDate: '2030-01-31' });
    expect((await findApplicationById(ctx.db, h1))!.status).toBe('pending_payment');
    expect((await findApplicationById(ctx.db, h2))!.status).toBe('approved');
    expect(await premiumOf(h2)).toBeUndefined();
    expect((await findApplicationById(ctx.db, h3))!.status).toBe('rejected');
    expect(await findDueRefund(ctx.db, h3, 'emd')).toMatchObject({ amount: 300_000 });

    // H1 does not pay: the EMD is forfeited (never due back), and H2 is offered the plot at its own bid.
    await ctx.db.transaction((tx) =>
      settleSchemeOutcomes(tx, scheme.id, [
        { applicationId: h1, outcome: 'defaulted', rank: 1, amount: 4_000_000, emdForfeited: true },
        { applicationId: h2, outcome: 'won', rank: 2, amount: 3_500_000 },
      ]),
    );
    expect((await findApplicationById(ctx.db, h1))!.status).toBe('rejected');
    expect(await findDueRefund(ctx.db, h1, 'emd')).toBeUndefined();
    const h2Premium = (await premiumOf(h2))!;
    expect(h2Premium.amount).toBe(3_200_000);
    const [h2Entry] = await ctx.db.select().from(schemeEntries).where(eq(schemeEntries.applicationId, h2));
    expect(h2Premium.dueDate).toBe(h2Entry!.payBy);

    await ctx.db.transaction((tx) =>
      recordInvoicePayment(tx, SYSTEM_ACTOR, {
        invoice: h2Premium,
        interest: 0,
        method: 'online',
        reference: 'H2-PREMIUM',
        paidBy: null,
      }),
    );
    expect((await findApplicationById(ctx.db, h2))!.status).toBe('provisional_allotment');
    const after = (await ctx
      .request(ho, { method: 'GET', url: api(SCHEME_PATHS.one(scheme.id)) })
      .then((r) => r.json())) as SchemeDetail;
    expect(after.plots[0]).toMatchObject({
      winner_application_number: (await findApplicationById(ctx.db, h2))!.applicationNumber,
      winning_amount: 3_500_000,
    });
  });

  it('a winner who pays ends the wait of whoever was waitlisted behind it, whose EMD is then due back', async () => {
    const scheme = await openScheme('auction', 1);
    const plot = scheme.plots[0]!;
    const ids: string[] = [];
    for (const name of ['Payer', 'Waiter']) {
      const made = await apply((await bidder(name)).token, scheme, plot.asset_id);
      await qualify(made.id!);
      ids.push(made.id!);
    }
    const [winner, waiting] = ids as [string, string];
    await closeNow(scheme.id);
    await ctx.db.transaction((tx) =>
      settleSchemeOutcomes(tx, scheme.id, [
        { applicationId: winner, outcome: 'won', rank: 1, amount: 3_100_000 },
        { applicationId: waiting, outcome: 'waitlisted', rank: 2, amount: 3_050_000 },
      ]),
    );
    const premium = (await ctx.db.select().from(invoices).where(eq(invoices.applicationId, winner))).find(
      (invoice) => invoice.invoiceType === 'premium_instalment',
    )!;
    await ctx.db.transaction((tx) =>
      recordInvoicePayment(tx, SYSTEM_ACTOR, {
        invoice: premium,
        interest: 0,
        method: 'online',
        reference: 'P',
        paidBy: null,
      }),
    );
    expect((await findApplicationById(ctx.db, winner))!.status).toBe('provisional_allotment');
    expect((await findApplicationById(ctx.db, waiting))!.status).toBe('rejected');
    const [entry] = await ctx.db.select().from(schemeEntries).where(eq(schemeEntries.applicationId, waiting));
    expect(entry!.outcome).toBe('lost');
    expect(await findDueRefund(ctx.db, waiting, 'emd')).toMatchObject({ amount: 300_000 });
  });

  it('holds its plots from publishing (reserved, not offered to others), and gives back those nobody can still win', async () => {
    const scheme = await openScheme('first_come', 3);
    const [contested, unqualified, empty] = scheme.plots;
    const statusOf = async (assetId: string) => (await findAssetById(ctx.db, assetId))!.status;
    for (const plot of scheme.plots) expect(await statusOf(plot.asset_id)).toBe('reserved');
    const available = await ctx.request(zonal, { method: 'GET', url: '/api/assets/available?limit=100' });
    const offered = (available.json() as { id: string }[]).map((asset) => asset.id);
    for (const plot of scheme.plots) expect(offered).not.toContain(plot.asset_id);
    // Applying outside the scheme is refused; in it, the held plot is taken.
    const outsider = await bidder('Outsider');
    const outside = await ctx.request(outsider.token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: contested!.asset_id,
        project_description: 'Not in the scheme',
        estimated_investment: 10_000_000,
        employment_generation: 3,
      },
    });
    expect(outside.statusCode).toBe(409);
    const winner = await apply((await bidder('Holder')).token, scheme, contested!.asset_id);
    const late = await apply((await bidder('Unpaid')).token, scheme, unqualified!.asset_id);
    await qualify(winner.id!);
    await qualify(late.id!, 'none');

    // Closing gives back the plot whose only application did not qualify, and the one nobody applied for.
    expect((await closeNow(scheme.id)).statusCode).toBe(200);
    expect(await statusOf(contested!.asset_id)).toBe('reserved');
    expect(await statusOf(unqualified!.asset_id)).toBe('available');
    expect(await statusOf(empty!.asset_id)).toBe('available');
    // The won plot stays held for its winner through the decision.
    expect((await decide(scheme.id)).statusCode).toBe(200);
    expect(await statusOf(contested!.asset_id)).toBe('reserved');
  });

  it('refuses an officer allotting a plot offered in an undecided scheme to an application made before it', async () => {
    const asset = await insertTestAsset(ctx);
    const before = await insertTestApplication(ctx, 'approved', { assetId: asset.id });
    const published = await publish({
      title: 'Scheme over an applied plot',
      mode: 'draw',
      opens_at: iso(-minute),
      closes_at: iso(minute),
      plots: [{ asset_id: asset.id }],
    });
    expect(published.statusCode, published.body).toBe(201);
    const allot = await ctx.request(ho, {
      method: 'POST',
      url: '/api/allotments',
      payload: {
        application_id: before.id,
        asset_id: asset.id,
        allotment_type: 'provisional',
        allotment_date: new Date().toISOString().slice(0, 10),
      },
    });
    expect(allot.statusCode, allot.body).toBe(409);
    expect(allot.json().code).toBe('scheme_state');
    expect((await findApplicationById(ctx.db, before.id))!.status).toBe('approved');
  });

  it('limits one address to 60 look-ups of the public record a minute, in the error shape', async () => {
    const scheme = await openScheme('first_come', 1);
    const lookUp = (remoteAddress: string) =>
      ctx.app.inject({ method: 'GET', url: api(SCHEME_PATHS.public(scheme.scheme_number)), remoteAddress });
    for (let index = 0; index < PERFORMANCE_REQUESTS_PER_MINUTE; index++) {
      expect((await lookUp('10.9.8.7')).statusCode).toBe(200);
    }
    const limited = await lookUp('10.9.8.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBe('60');
    expect((await lookUp('10.9.8.6')).statusCode).toBe(200);
    const unknown = await ctx.app.inject({ method: 'GET', url: api(SCHEME_PATHS.public('SCH-1999-000001')) });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists schemes: staff see all, an entrepreneur the open ones and their own; the sweep closes those past their time', async () => {
    const scheme = await openScheme('draw', 1);
    const future = await openScheme('draw', 1, { opens_at: iso(30 * minute) });
    const { token } = await bidder('Lister');
    const mine = await getList<{ id: string; accepting: boolean }>(ctx, token, api('/schemes?limit=100'));
    expect(mine.items.map((row) => row.id)).toContain(scheme.id);
    expect(mine.items.map((row) => row.id)).not.toContain(future.id);
    expect(mine.items.every((row) => row.accepting)).toBe(true);
    const all = await getList<{ id: string }>(ctx, ho, api('/schemes?limit=100'));
    expect(all.items.map((row) => row.id)).toEqual(expect.arrayContaining([scheme.id, future.id]));
    expect((await ctx.request(token, { method: 'GET', url: api(SCHEME_PATHS.one(future.id)) })).statusCode).toBe(404);

    await closingTimePassed(ctx, scheme.id);
    expect(await runSchemeSweep(ctx.db, { holder: 'scheme-sweep-test' })).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(schemes).where(eq(schemes.id, scheme.id));
    expect(row!.status).toBe('closed');
    const [stillOpen] = await ctx.db.select().from(schemes).where(eq(schemes.id, future.id));
    expect(stillOpen!.status).toBe('open');
  });

  it('keeps the public record stored with its facts (publishing, the close, the draw) and reads it from the store', async () => {
    const stored = async (schemeId: string) =>
      (await ctx.db.select().from(publicSchemeRecords).where(eq(publicSchemeRecords.schemeId, schemeId)))[0]?.record;
    const readPublic = async (number: string) =>
      (await ctx.request(null, { method: 'GET', url: api(SCHEME_PATHS.public(number)) })).json() as PublicScheme;

    const scheme = await openScheme('draw', 2);
    expect(await stored(scheme.id)).toMatchObject({ status: 'open', qualified: null, result: null, seed: null });

    const ids: string[] = [];
    for (const [index, name] of ['Kappa', 'Lambda', 'Mu'].entries()) {
      const made = await apply((await bidder(name)).token, scheme, scheme.plots[index % 2]!.asset_id);
      expect(made.statusCode, made.body).toBe(200);
      await qualify(made.id!);
      ids.push(made.id!);
    }
    expect((await closeNow(scheme.id)).statusCode).toBe(200);
    const closed = await stored(scheme.id);
    expect(closed).toMatchObject({ status: 'closed', seed: null, result: null });
    expect(closed!.qualified).toHaveLength(3);
    expect(await readPublic(scheme.scheme_number)).toEqual(closed);

    expect((await decide(scheme.id)).statusCode).toBe(200);
    const decided = await stored(scheme.id);
    expect(decided).toMatchObject({ status: 'decided' });
    expect(decided!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(decided!.result).toHaveLength(3);
    expect(await readPublic(scheme.scheme_number)).toEqual(decided);

    // The public page answers the stored row, not a fresh working-out: a row changed behind its back is what it shows.
    await ctx.db
      .update(publicSchemeRecords)
      .set({ record: { ...decided!, title: 'As stored' } })
      .where(eq(publicSchemeRecords.schemeId, scheme.id));
    expect((await readPublic(scheme.scheme_number)).title).toBe('As stored');

    // A scheme with no stored row (made before the store) has it worked out on its first reading, and stored.
    await ctx.db.delete(publicSchemeRecords).where(eq(publicSchemeRecords.schemeId, scheme.id));
    const again = await readPublic(scheme.scheme_number.toLowerCase());
    expect(again).toMatchObject({ scheme_number: scheme.scheme_number, status: 'decided' });
    expect(await stored(scheme.id)).toEqual(again);
  });
});
