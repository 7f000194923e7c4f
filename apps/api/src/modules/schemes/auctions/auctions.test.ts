import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { LiveLot } from '@portal/contract';
import {
  applications,
  assets,
  auditLog,
  invoices,
  ledgerEntries,
  schemeBids,
  schemeEntries,
  schemePlots,
  schemes,
} from '../../../db/schema';
import { bidsOfLot } from '../repositories/auctions';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { settleSchemeOutcomes as settle } from '../..';
import { closeEndedLots, defaultUnpaidWinners } from './close';
import {
  EMD_PAID,
  insertAuction,
  listen,
  openOtherApp,
  readLive,
  type AuctionFixture,
} from '../../../test/auction-fixtures';

describe(`the e-auction (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let baseUrl: string;
  let finance: string;
  let ho: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    baseUrl = await listen(ctx.app);
    finance = await ctx.tokenFor('finance');
    ho = await ctx.tokenFor('ho');
  });
  afterAll(() => ctx.close());

  const bid = (token: string, auction: AuctionFixture, amount: unknown, plotId = auction.plots[0]!.id) =>
    ctx.request(token, {
      method: 'POST',
      url: `/api/schemes/${auction.schemeId}/plots/${plotId}/bids`,
      payload: { amount } as object,
    });
  const lots = async (token: string, schemeId: string): Promise<LiveLot[]> => {
    const response = await ctx.request(token, { method: 'GET', url: `/api/schemes/${schemeId}/lots` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  /** Moves the lot's end (and the scheme's) to `at`, as time passing would. */
  const endAt = async (auction: AuctionFixture, at: Date) => {
    await ctx.db.update(schemes).set({ auctionEndsAt: at }).where(eq(schemes.id, auction.schemeId));
    await ctx.db.update(schemePlots).set({ endsAt: at }).where(eq(schemePlots.schemeId, auction.schemeId));
  };
  const entryOf = async (applicationId: string) =>
    (await ctx.db.select().from(schemeEntries).where(eq(schemeEntries.applicationId, applicationId)))[0]!;
  const premiumOf = (applicationId: string) =>
    ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, applicationId), eq(invoices.invoiceType, 'premium_instalment')));
  const assetStatusOf = async (assetId: string) =>
    (await ctx.db.select().from(assets).where(eq(assets.id, assetId)))[0]!.status;
  /** A lot bid on by H2 then H1 and closed: H1 won, H2 waitlisted. */
  const closedLot = async (bidders: number) => {
    const auction = await insertAuction(ctx, { bidders, reservePrice: 1_000_000, increment: 10_000 });
    const plot = auction.plots[0]!;
    // Held for the scheme, as publishing holds it.
    await ctx.db.update(assets).set({ status: 'reserved' }).where(eq(assets.id, plot.assetId));
    const app = (index: number) => auction.bidders[index]!.applications.get(plot.id)!;
    if (bidders > 1) expect((await bid(auction.bidders[1]!.token, auction, 1_000_000)).statusCode).toBe(201);
    expect((await bid(auction.bidders[0]!.token, auction, 1_100_000)).statusCode).toBe(201);
    await endAt(auction, new Date(Date.now() - 1000));
    expect(await closeEndedLots(ctx.db, settle)).toContain(auction.schemeId);
    expect(await statusOf(app(0))).toBe('pending_payment');
    return { auction, plot, app };
  };
  const withdraw = (token: string, applicationId: string) =>
    ctx.request(token, { method: 'POST', url: `/api/applications/${applicationId}/withdraw`, payload: {} });
  const statusOf = async (applicationId: string) =>
    (await ctx.db.select().from(applications).where(eq(applications.id, applicationId)))[0]!.status;
  const refundsDue = async (): Promise<{ application_id: string; kind: string; amount: number }[]> => {
    const response = await ctx.request(finance, { method: 'GET', url: '/api/refunds/due?limit=100' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('takes a bid at the reserve, then only the highest plus the increment; refuses less with the lowest it takes', async () => {
    const auction = await insertAuction(ctx, { reservePrice: 1_000_000, increment: 10_000 });
    const [first, second] = auction.bidders;

    const underReserve = await bid(first!.token, auction, 999_999);
    expect(underReserve.statusCode).toBe(409);
    expect(underReserve.json()).toMatchObject({
      code: 'bid_too_low',
      reason: 'bid_too_low',
      params: { minimum_bid: '1000000.00' },
    });

    const taken = await bid(first!.token, auction, 1_000_000);
    expect(taken.statusCode, taken.body).toBe(201);
    expect(taken.json()).toMatchObject({
      highest_bid: 1_000_000,
      bid_count: 1,
      sequence: 1,
      minimum_next_bid: 1_010_000,
      running: true,
      your_bid: 1_000_000,
      your_rank: 1,
    });

    const short = await bid(second!.token, auction, 1_009_999);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ code: 'bid_too_low', params: { minimum_bid: '1010000.00' } });
    expect((await bid(second!.token, auction, 1_010_000.5)).statusCode).toBe(201);

    // The first bidder, outbid, sees their own bid and rank, never who else bids.
    const seen = (await lots(first!.token, auction.schemeId))[0]!;
    expect(seen).toMatchObject({ highest_bid: 1_010_000.5, bid_count: 2, your_bid: 1_000_000, your_rank: 2 });
    expect(JSON.stringify(seen)).not.toContain(second!.userId);
    // Staff watch without a bid of their own.
    expect((await lots(ho, auction.schemeId))[0]).toMatchObject({ your_bid: null, your_rank: null, bid_count: 2 });

    for (const amount of [1_100_000.123, -5, 0, 'lots', null]) {
      const bad = await bid(second!.token, auction, amount);
      expect(bad.statusCode, String(amount)).toBe(422);
      expect(bad.json().code).toBe('validation_failed');
    }
  });

  it('refuses a bid by one without a qualified entry (403), by staff (403), on a plot outside the scheme (404), before the start and after the end (409)', async () => {
    const auction = await insertAuction(ctx, { bidders: 1 });
    const stranger = await entrepreneurWithProfile(ctx, `Auction Stranger ${Date.now()}`);
    const refused = await bid(stranger.token, auction, 1_000_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('bidder_not_qualified');
    expect((await bid(ho, auction, 1_000_000)).statusCode).toBe(403);

    // A qualified bidder whose application is no longer approved bids no more.
    const [bidder] = auction.bidders;
    const applicationId = bidder!.applications.get(auction.plots[0]!.id)!;
    await ctx.db.update(applications).set({ status: 'withdrawn' }).where(eq(applications.id, applicationId));
    expect((await bid(bidder!.token, auction, 1_000_000)).json().code).toBe('bidder_not_qualified');
    await ctx.db.update(applications).set({ status: 'approved' }).where(eq(applications.id, applicationId));

    const other = await insertAuction(ctx, { bidders: 1 });
    const outside = await bid(bidder!.token, auction, 1_000_000, other.plots[0]!.id);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('plot_not_in_scheme');

    const early = await insertAuction(ctx, { bidders: 1, startsInMs: 60_000 });
    const before = await bid(early.bidders[0]!.token, early, 1_000_000);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toMatchObject({ code: 'auction_not_running', detail: 'Bidding on this lot has not started' });

    await endAt(auction, new Date(Date.now() - 1000));
    const late = await bid(bidder!.token, auction, 1_000_000);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'auction_not_running', detail: 'Bidding on this lot has ended' });
    expect(await bidsOfLot(ctx.db, auction.plots[0]!.id)).toHaveLength(0);
  });

  it('extends the end by the extension when a bid comes within the window, and not before it', async () => {
    const auction = await insertAuction(ctx, { endsInMs: 20 * 60_000, extensionWindowMinutes: 5, extensionMinutes: 5 });
    const [first, second] = auction.bidders;
    const end = Date.parse((await lots(first!.token, auction.schemeId))[0]!.ends_at);
    const early = await bid(first!.token, auction, 1_000_000);
    expect(Date.parse(early.json().ends_at)).toBe(end);

    const closeTo = new Date(Date.now() + 2 * 60_000);
    await endAt(auction, closeTo);
    const late = await bid(second!.token, auction, 1_010_000);
    expect(late.statusCode, late.body).toBe(201);
    expect(Date.parse(late.json().ends_at)).toBe(closeTo.getTime() + 5 * 60_000);
    const rows = await bidsOfLot(ctx.db, auction.plots[0]!.id);
    expect(rows.map((row) => row.endsAtAfter.getTime())).toEqual([end, closeTo.getTime() + 5 * 60_000]);
  });

  it('takes 200 bids at once on one lot: each accepted bid higher than the one before, none lost, none twice; of two equal bids exactly one', async () => {
    const auction = await insertAuction(ctx, { bidders: 20, reservePrice: 1_000_000, increment: 1000 });
    // 100 amounts, each bid twice by two bidders, all at once.
    const attempts = Array.from({ length: 200 }, (_, index) => ({
      bidder: auction.bidders[index % 20]!,
      amount: 1_000_000 + Math.floor(index / 2) * 1000,
    }));
    // Sent in a shuffled order (the same each run), so many arrive after a higher one.
    const order = attempts.map((_, index) => index).sort((a, b) => ((a * 7919) % 200) - ((b * 7919) % 200));
    const sent = await Promise.all(
      order.map((index) => bid(attempts[index]!.bidder.token, auction, attempts[index]!.amount)),
    );
    const answers = attempts.map((_, index) => sent[order.indexOf(index)]!);
    const statuses = new Set(answers.map((answer) => answer.statusCode));
    expect(
      [...statuses].every((status) => status === 201 || status === 409),
      [...statuses].join(),
    ).toBe(true);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) {
      expect(refused.json().code).toBe('bid_too_low');
    }
    const accepted = answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json() as LiveLot);
    expect(accepted.length).toBeGreaterThan(0);

    const rows = await bidsOfLot(ctx.db, auction.plots[0]!.id);
    // Every 201 is a row, and every row a 201.
    expect(rows).toHaveLength(accepted.length);
    expect(new Set(rows.map((row) => row.amount))).toEqual(new Set(accepted.map((lot) => lot.your_bid)));
    expect(rows.map((row) => row.sequence)).toEqual(rows.map((_, index) => index + 1));
    for (let index = 1; index < rows.length; index++) {
      expect(rows[index]!.amount).toBeGreaterThanOrEqual(rows[index - 1]!.amount + auction.increment);
    }
    // No amount taken twice.
    for (let pair = 0; pair < 100; pair++) {
      const amount = 1_000_000 + pair * 1000;
      const taken = [answers[pair * 2]!, answers[pair * 2 + 1]!].filter((answer) => answer.statusCode === 201);
      expect(taken.length, String(amount)).toBeLessThanOrEqual(1);
    }
    const lot = (await ctx.db.select().from(schemePlots).where(eq(schemePlots.id, auction.plots[0]!.id)))[0]!;
    expect(lot.bidCount).toBe(rows.length);
    expect(lot.highestBid).toBe(rows.at(-1)!.amount);

    // Two bids of one amount at once: exactly one is taken.
    const next = lot.highestBid! + 1000;
    const race = await Promise.all([
      bid(auction.bidders[0]!.token, auction, next),
      bid(auction.bidders[1]!.token, auction, next),
    ]);
    expect(race.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(race.find((answer) => answer.statusCode === 409)!.json().code).toBe('bid_too_low');
  });

  it('streams every lot at connect, then a bid made through another API process, each viewer with their own rank', async () => {
    const auction = await insertAuction(ctx, { bidders: 2 });
    const [first, second] = auction.bidders;
    const other = await openOtherApp(ctx);
    try {
      const watching = await readLive(baseUrl, first!.token, auction.schemeId);
      const staff = await readLive(baseUrl, ho, auction.schemeId);
      try {
        await watching.waitFor((lot) => lot.sequence === 0);
        expect(watching.text()).toContain('retry: 2000');
        const secondToken = await other.login(second!.email);
        const placed = await other.app.inject({
          method: 'POST',
          url: `/api/schemes/${auction.schemeId}/plots/${auction.plots[0]!.id}/bids`,
          payload: { amount: 1_000_000 },
          headers: { authorization: `Bearer ${secondToken}` },
        });
        expect(placed.statusCode, placed.body).toBe(201);
        const seen = await watching.waitFor((lot) => lot.sequence === 1);
        expect(seen).toMatchObject({ highest_bid: 1_000_000, bid_count: 1, your_bid: null, your_rank: null });
        expect((await staff.waitFor((lot) => lot.sequence === 1)).highest_bid).toBe(1_000_000);

        // The first bidder outbids through this process; their stream shows their own rank.
        expect((await bid(first!.token, auction, 1_010_000)).statusCode).toBe(201);
        expect(await watching.waitFor((lot) => lot.sequence === 2)).toMatchObject({
          your_bid: 1_010_000,
          your_rank: 1,
        });
        // And the other process's viewer sees it too.
        const otherBase = await listen(other.app);
        const theirs = await readLive(otherBase, secondToken, auction.schemeId);
        try {
          expect(await theirs.waitFor((lot) => lot.sequence === 2)).toMatchObject({
            your_bid: 1_000_000,
            your_rank: 2,
          });
          expect((await bid(first!.token, auction, 1_020_000)).statusCode).toBe(201);
          expect(await theirs.waitFor((lot) => lot.sequence === 3)).toMatchObject({
            highest_bid: 1_020_000,
            your_rank: 2,
          });
        } finally {
          theirs.close();
        }
      } finally {
        watching.close();
        staff.close();
      }
    } finally {
      await other.close();
    }
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'opens its listening connection again when PostgreSQL ends it, and its viewers catch up with the bids missed meanwhile',
    async () => {
      const auction = await insertAuction(ctx, { bidders: 1 });
      const watching = await readLive(baseUrl, ho, auction.schemeId);
      try {
        await watching.waitFor((lot) => lot.sequence === 0);
        // As a restart of the database server or a cut connection would.
        const ended = await ctx.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query = 'LISTEN auction_bids'`,
        );
        expect((ended as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
        expect((await bid(auction.bidders[0]!.token, auction, 1_000_000)).statusCode).toBe(201);
        expect(await watching.waitFor((lot) => lot.sequence === 1)).toMatchObject({ highest_bid: 1_000_000 });
      } finally {
        watching.close();
      }
    },
  );

  it('ends its live streams when the app closes, so a shutdown never waits on a viewer', async () => {
    const auction = await insertAuction(ctx, { bidders: 1 });
    const other = await openOtherApp(ctx);
    const watcher = await other.login(auction.bidders[0]!.email);
    const stream = await readLive(await listen(other.app), watcher, auction.schemeId);
    await stream.waitFor((lot) => lot.sequence === 0);
    const started = Date.now();
    await other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses the live view and lots to the signed out (401) and answers 404 for an unknown scheme', async () => {
    const auction = await insertAuction(ctx, { bidders: 1 });
    expect((await ctx.request(null, { method: 'GET', url: `/api/schemes/${auction.schemeId}/live` })).statusCode).toBe(
      401,
    );
    expect((await ctx.request(null, { method: 'GET', url: `/api/schemes/${auction.schemeId}/lots` })).statusCode).toBe(
      401,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await ctx.request(ho, { method: 'GET', url: `/api/schemes/${unknown}/live` })).statusCode).toBe(404);
    expect((await ctx.request(ho, { method: 'GET', url: `/api/schemes/${unknown}/lots` })).statusCode).toBe(404);
    // Any entrepreneur may watch; they simply have no bid of their own.
    const watcher = await registerEntrepreneur(ctx, 'Auction Watcher');
    expect((await lots(watcher.token, auction.schemeId))[0]).toMatchObject({ your_bid: null, running: true });
  });

  it('keeps every bid and the end across a restart: a new process answers the same lot, and a new stream gets it', async () => {
    const auction = await insertAuction(ctx, { bidders: 2, endsInMs: 2 * 60_000 });
    const [first] = auction.bidders;
    const before = await openOtherApp(ctx);
    const token = await before.login(first!.email);
    const placed = await before.app.inject({
      method: 'POST',
      url: `/api/schemes/${auction.schemeId}/plots/${auction.plots[0]!.id}/bids`,
      payload: { amount: 1_000_000 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const extended = placed.json() as LiveLot;
    await before.close();

    const after = await openOtherApp(ctx);
    try {
      const again = await after.login(first!.email);
      const answer = await after.app.inject({
        method: 'GET',
        url: `/api/schemes/${auction.schemeId}/lots`,
        headers: { authorization: `Bearer ${again}` },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const lot = (answer.json() as LiveLot[])[0]!;
      expect(lot).toMatchObject({
        highest_bid: 1_000_000,
        bid_count: 1,
        ends_at: extended.ends_at,
        your_bid: 1_000_000,
        your_rank: 1,
      });
      const stream = await readLive(await listen(after.app), again, auction.schemeId);
      try {
        expect(await stream.waitFor((seen) => seen.plot_id === lot.plot_id)).toMatchObject({
          highest_bid: 1_000_000,
          bid_count: 1,
          ends_at: extended.ends_at,
        });
      } finally {
        stream.close();
      }
    } finally {
      await after.close();
    }
  });

  it('closes a lot at its end: H1 won and invoiced its bid less the EMD, H2 waitlisted, the rest lost with their EMDs due back; the scheme decided by the portal', async () => {
    const auction = await insertAuction(ctx, { bidders: 4, reservePrice: 1_000_000, increment: 10_000 });
    const [h1, h2, outbid, silent] = auction.bidders;
    for (const [who, amount] of [
      [outbid!, 1_000_000],
      [h2!, 1_010_000],
      [h1!, 1_020_000],
      [h2!, 1_030_000],
      [h1!, 1_040_000],
    ] as const) {
      expect((await bid(who.token, auction, amount)).statusCode).toBe(201);
    }
    const plotId = auction.plots[0]!.id;
    const app = (who: typeof h1) => who!.applications.get(plotId)!;

    // Not before its end.
    expect(await closeEndedLots(ctx.db, settle)).not.toContain(auction.schemeId);
    expect((await entryOf(app(h1))).outcome).toBeNull();

    await endAt(auction, new Date(Date.now() - 1000));
    const [last] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    const auditedBefore = last?.seq ?? 0;
    // A reader of the lots does not wait for the sweep.
    const closed = (await lots(h1!.token, auction.schemeId))[0]!;
    expect(closed.running).toBe(false);
    expect(await entryOf(app(h1))).toMatchObject({ outcome: 'won', rank: 1, amount: 1_040_000 });
    expect(await entryOf(app(h2))).toMatchObject({ outcome: 'waitlisted', rank: 2, amount: 1_030_000 });
    expect(await entryOf(app(outbid))).toMatchObject({ outcome: 'lost', rank: 3 });
    expect(await entryOf(app(silent))).toMatchObject({ outcome: 'lost', rank: null });
    // Settled by the portal, though a bidder's read set it going.
    const audited = await ctx.db.select().from(auditLog).where(gt(auditLog.seq, auditedBefore));
    expect(audited.filter((row) => row.entity === 'applications' && row.entityId === app(h1)).length).toBeGreaterThan(
      0,
    );
    expect(new Set(audited.map((row) => `${row.actorId} ${row.actorRole}`))).toEqual(new Set(['null system']));
    const [scheme] = await ctx.db.select().from(schemes).where(eq(schemes.id, auction.schemeId));
    expect(scheme).toMatchObject({ status: 'decided', decidedBy: null });
    expect(scheme!.decidedAt).not.toBeNull();

    expect(await statusOf(app(h1))).toBe('pending_payment');
    const premium = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, app(h1)), eq(invoices.invoiceType, 'premium_instalment')));
    expect(premium.map((invoice) => invoice.amount)).toEqual([1_040_000 - EMD_PAID]);
    expect(await statusOf(app(h2))).toBe('approved');
    expect(await statusOf(app(outbid))).toBe('rejected');

    const due = new Map(
      (await refundsDue()).filter((row) => row.kind === 'emd').map((row) => [row.application_id, row.amount]),
    );
    expect(due.get(app(outbid))).toBe(EMD_PAID);
    expect(due.get(app(silent))).toBe(EMD_PAID);
    expect(due.has(app(h1))).toBe(false);
    expect(due.has(app(h2))).toBe(false);

    // Run again: nothing more happens.
    expect(await closeEndedLots(ctx.db, settle)).not.toContain(auction.schemeId);
    expect(await ctx.db.select().from(schemeBids).where(eq(schemeBids.schemePlotId, plotId))).toHaveLength(5);
  });

  it('decides a scheme only when every lot has ended and is settled; a lot nobody bid on loses every entry', async () => {
    const auction = await insertAuction(ctx, { lots: 2, bidders: 2 });
    const [first, second] = auction.plots;
    const [a, b] = auction.bidders;
    expect((await bid(a!.token, auction, 1_000_000, first!.id)).statusCode).toBe(201);
    const past = new Date(Date.now() - 1000);
    await ctx.db.update(schemePlots).set({ endsAt: past }).where(eq(schemePlots.id, first!.id));

    expect(await closeEndedLots(ctx.db, settle)).not.toContain(auction.schemeId);
    expect(await entryOf(a!.applications.get(first!.id)!)).toMatchObject({ outcome: 'won', amount: 1_000_000 });
    expect(await entryOf(b!.applications.get(first!.id)!)).toMatchObject({ outcome: 'lost', rank: null });
    expect(await entryOf(a!.applications.get(second!.id)!)).toMatchObject({ outcome: null });
    const [open] = await ctx.db.select().from(schemes).where(eq(schemes.id, auction.schemeId));
    expect(open!.status).toBe('closed');
    // The other lot still takes bids.
    expect((await lots(b!.token, auction.schemeId)).map((lot) => lot.running)).toEqual([false, true]);

    await endAt(auction, past);
    expect(await closeEndedLots(ctx.db, settle)).toContain(auction.schemeId);
    for (const bidder of [a!, b!]) {
      expect(await entryOf(bidder.applications.get(second!.id)!)).toMatchObject({ outcome: 'lost', rank: null });
    }
    const [decided] = await ctx.db.select().from(schemes).where(eq(schemes.id, auction.schemeId));
    expect(decided).toMatchObject({ status: 'decided', decidedBy: null });
  });

  it('ends an auction nobody qualified for: its lot unsold, the plot available again and the scheme decided, once', async () => {
    const auction = await insertAuction(ctx, { bidders: 0 });
    const plot = auction.plots[0]!;
    await ctx.db.update(assets).set({ status: 'reserved' }).where(eq(assets.id, plot.assetId));
    await endAt(auction, new Date(Date.now() - 1000));
    expect(await closeEndedLots(ctx.db, settle)).toContain(auction.schemeId);
    const [decided] = await ctx.db.select().from(schemes).where(eq(schemes.id, auction.schemeId));
    expect(decided).toMatchObject({ status: 'decided', decidedBy: null });
    expect(await assetStatusOf(plot.assetId)).toBe('available');
    expect(await closeEndedLots(ctx.db, settle)).not.toContain(auction.schemeId);
  });

  it('allots H1 once it pays its bid less the EMD, and releases H2 with its EMD due back', async () => {
    const auction = await insertAuction(ctx, { bidders: 2, reservePrice: 1_000_000, increment: 10_000 });
    const [h1, h2] = auction.bidders;
    const plotId = auction.plots[0]!.id;
    const app = (who: typeof h1) => who!.applications.get(plotId)!;
    expect((await bid(h2!.token, auction, 1_000_000)).statusCode).toBe(201);
    expect((await bid(h1!.token, auction, 1_250_000)).statusCode).toBe(201);
    await endAt(auction, new Date(Date.now() - 1000));
    expect(await closeEndedLots(ctx.db, settle)).toContain(auction.schemeId);

    const [premium] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, app(h1)), eq(invoices.invoiceType, 'premium_instalment')));
    const paid = await ctx.request(h1!.token, {
      method: 'POST',
      url: '/api/payments',
      payload: {
        invoice_id: premium!.id,
        application_id: app(h1),
        amount: premium!.amount,
        payment_method: 'online',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await statusOf(app(h1))).toBe('provisional_allotment');
    const [lot] = await ctx.db.select().from(schemePlots).where(eq(schemePlots.id, plotId));
    expect(lot).toMatchObject({ winnerApplicationId: app(h1), winningAmount: 1_250_000 });
    expect(await entryOf(app(h2))).toMatchObject({ outcome: 'lost' });
    expect(await statusOf(app(h2))).toBe('rejected');
    const due = (await refundsDue()).filter((row) => row.kind === 'emd').map((row) => row.application_id);
    expect(due).toContain(app(h2));
    expect(due).not.toContain(app(h1));
    // Paid: never a default.
    await ctx.db
      .update(schemeEntries)
      .set({ payBy: '2020-01-06' })
      .where(eq(schemeEntries.applicationId, app(h1)));
    expect(await defaultUnpaidWinners(ctx.db, settle)).toBe(0);
    expect(await entryOf(app(h1))).toMatchObject({ outcome: 'won' });
  });

  it('defaults a winner past the pay-by day: its EMD forfeited and never due back, H2 won at its own bid with its own 30 days', async () => {
    const auction = await insertAuction(ctx, { bidders: 3, reservePrice: 1_000_000, increment: 10_000 });
    const [h1, h2] = auction.bidders;
    const plotId = auction.plots[0]!.id;
    const app = (who: typeof h1) => who!.applications.get(plotId)!;
    expect((await bid(h2!.token, auction, 1_000_000)).statusCode).toBe(201);
    expect((await bid(h1!.token, auction, 1_100_000)).statusCode).toBe(201);
    await endAt(auction, new Date(Date.now() - 1000));
    expect(await closeEndedLots(ctx.db, settle)).toContain(auction.schemeId);

    // Within its time nothing happens.
    expect(await defaultUnpaidWinners(ctx.db, settle)).toBe(0);
    await ctx.db
      .update(schemeEntries)
      .set({ payBy: '2020-01-06' })
      .where(eq(schemeEntries.applicationId, app(h1)));
    expect(await defaultUnpaidWinners(ctx.db, settle)).toBeGreaterThanOrEqual(1);

    expect(await entryOf(app(h1))).toMatchObject({ outcome: 'defaulted', emdForfeited: true });
    expect(await statusOf(app(h1))).toBe('rejected');
    // The defaulted winner's premium is no longer owed: cancelled by the rule and reversed in the ledger (decision 023).
    const [lapsed] = await premiumOf(app(h1));
    expect(lapsed).toMatchObject({ status: 'cancelled', cancellationRule: 'winner_defaulted' });
    const reversal = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.invoiceId, lapsed!.id), eq(ledgerEntries.entryType, 'cancellation')));
    expect(reversal.map((entry) => entry.credit)).toEqual([lapsed!.amount]);
    const promoted = await entryOf(app(h2));
    expect(promoted).toMatchObject({ outcome: 'won', amount: 1_000_000 });
    expect(promoted.payBy! > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(await statusOf(app(h2))).toBe('pending_payment');
    const premium = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, app(h2)), eq(invoices.invoiceType, 'premium_instalment')));
    expect(premium.map((invoice) => invoice.amount)).toEqual([1_000_000 - EMD_PAID]);

    const due = (await refundsDue()).filter((row) => row.kind === 'emd').map((row) => row.application_id);
    expect(due).not.toContain(app(h1));
    expect(due).not.toContain(app(h2));
    expect(await defaultUnpaidWinners(ctx.db, settle)).toBe(0);
  });

  it('a winner who withdraws before paying gives the lot to H2 at once: premium cancelled, EMD not forfeited', async () => {
    const { auction, plot, app } = await closedLot(3);
    const h1 = auction.bidders[0]!;
    const response = await withdraw(h1.token, app(0));
    expect(response.statusCode, response.body).toBe(200);
    expect(await entryOf(app(0))).toMatchObject({ outcome: 'defaulted', emdForfeited: false });
    const [premium] = await premiumOf(app(0));
    expect(premium).toMatchObject({ status: 'cancelled', cancellationRule: 'application_withdrawn' });
    // H2 wins at its own bid with 30 days of its own; the plot stays held for it.
    expect(await entryOf(app(1))).toMatchObject({ outcome: 'won', amount: 1_000_000 });
    expect(await statusOf(app(1))).toBe('pending_payment');
    expect((await premiumOf(app(1))).map((invoice) => invoice.amount)).toEqual([1_000_000 - EMD_PAID]);
    expect(await assetStatusOf(plot.assetId)).toBe('reserved');
    // The withdrawn winner's EMD is due back (product decisions section 10).
    expect((await refundsDue()).some((row) => row.application_id === app(0) && row.kind === 'emd')).toBe(true);
    // The hourly sweep finds nothing more to do.
    expect(await defaultUnpaidWinners(ctx.db, settle)).toBe(0);
  });

  it('a winner with no H2 who withdraws releases the plot back to available', async () => {
    const { auction, plot, app } = await closedLot(1);
    expect(await assetStatusOf(plot.assetId)).toBe('reserved');
    const response = await withdraw(auction.bidders[0]!.token, app(0));
    expect(response.statusCode, response.body).toBe(200);
    expect(await assetStatusOf(plot.assetId)).toBe('available');
  });
});
