/** The e-auction's rows (decision 018): a lot (scheme_plots) read with its scheme's rules and locked while a bid is
 * taken, the bids themselves (append-only), each bidder's best bid, and the lots past their end that the closing sweep
 * settles. */
import { and, asc, desc, eq, gt, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { applicants, applications, assets, schemeBids, schemeEntries, schemePlots, schemes } from '../../../db/schema';

/** A lot with what a bid or the live view needs of its scheme. */
export interface LotRow {
  id: string;
  schemeId: string;
  assetCode: string;
  reservePrice: number | null;
  /** The lot's own end as extended; null until the first bid (the scheme's auction_ends_at stands until then). */
  endsAt: Date | null;
  highestBid: number | null;
  highestApplicationId: string | null;
  bidCount: number;
  winnerApplicationId: string | null;
  mode: 'first_come' | 'draw' | 'auction';
  status: 'open' | 'closed' | 'decided';
  increment: number | null;
  auctionStartsAt: Date | null;
  auctionEndsAt: Date | null;
  extensionWindowMinutes: number;
  extensionMinutes: number;
}

const lotColumns = {
  id: schemePlots.id,
  schemeId: schemePlots.schemeId,
  assetCode: assets.assetCode,
  reservePrice: schemePlots.reservePrice,
  endsAt: schemePlots.endsAt,
  highestBid: schemePlots.highestBid,
  highestApplicationId: schemePlots.highestApplicationId,
  bidCount: schemePlots.bidCount,
  winnerApplicationId: schemePlots.winnerApplicationId,
  mode: schemes.mode,
  status: schemes.status,
  increment: schemes.increment,
  auctionStartsAt: schemes.auctionStartsAt,
  auctionEndsAt: schemes.auctionEndsAt,
  extensionWindowMinutes: schemes.extensionWindowMinutes,
  extensionMinutes: schemes.extensionMinutes,
};

/** The lot's end as it stands: its own once a bid has extended or set it, else the scheme's. */
export function lotEnd(lot: Pick<LotRow, 'endsAt' | 'auctionEndsAt'>): Date | null {
  return lot.endsAt ?? lot.auctionEndsAt;
}

/** The lot `plotId` of scheme `schemeId`, its row locked until the transaction ends (bids on one lot are taken one at a
 * time, in the order they get the lock); undefined when the plot is not one of the scheme's. */
export async function lockLot(db: Database, schemeId: string, plotId: string): Promise<LotRow | undefined> {
  const [row] = await db
    .select(lotColumns)
    .from(schemePlots)
    .innerJoin(schemes, eq(schemes.id, schemePlots.schemeId))
    .innerJoin(assets, eq(assets.id, schemePlots.assetId))
    .where(and(eq(schemePlots.id, plotId), eq(schemePlots.schemeId, schemeId)))
    .for('update', { of: schemePlots });
  return row;
}

export async function findLot(db: Database, plotId: string): Promise<LotRow | undefined> {
  const [row] = await db
    .select(lotColumns)
    .from(schemePlots)
    .innerJoin(schemes, eq(schemes.id, schemePlots.schemeId))
    .innerJoin(assets, eq(assets.id, schemePlots.assetId))
    .where(eq(schemePlots.id, plotId));
  return row;
}

/** Every lot of the scheme, in the scheme's plot order. */
export async function findLotsOfScheme(db: Database, schemeId: string): Promise<LotRow[]> {
  return db
    .select(lotColumns)
    .from(schemePlots)
    .innerJoin(schemes, eq(schemes.id, schemePlots.schemeId))
    .innerJoin(assets, eq(assets.id, schemePlots.assetId))
    .where(eq(schemePlots.schemeId, schemeId))
    .orderBy(asc(schemePlots.position));
}

export async function findSchemeForAuction(db: Database, schemeId: string) {
  const [row] = await db
    .select({ id: schemes.id, mode: schemes.mode, status: schemes.status })
    .from(schemes)
    .where(eq(schemes.id, schemeId));
  return row;
}

/** The bidder's application that may bid on the lot: their entry for it, qualified, its application still approved. */
export async function findQualifiedEntryOfBidder(
  db: Database,
  plotId: string,
  userId: string,
): Promise<{ applicationId: string } | undefined> {
  const [row] = await db
    .select({ applicationId: schemeEntries.applicationId })
    .from(schemeEntries)
    .innerJoin(applications, eq(applications.id, schemeEntries.applicationId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(
      and(
        eq(schemeEntries.schemePlotId, plotId),
        eq(applicants.userId, userId),
        eq(schemeEntries.qualified, true),
        eq(applications.status, 'approved'),
      ),
    )
    .orderBy(asc(applications.applicationNumber))
    .limit(1);
  return row;
}

/** The user's applications in the scheme, by the lot each is for (a watcher's own bids and rank are read by them). */
export async function findApplicationsOfUserInScheme(
  db: Database,
  schemeId: string,
  userId: string,
): Promise<{ applicationId: string; plotId: string }[]> {
  return db
    .select({ applicationId: schemeEntries.applicationId, plotId: schemeEntries.schemePlotId })
    .from(schemeEntries)
    .innerJoin(applications, eq(applications.id, schemeEntries.applicationId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .where(and(eq(schemeEntries.schemeId, schemeId), eq(applicants.userId, userId)));
}

export type BidRow = typeof schemeBids.$inferSelect;

/** Takes the bid in one statement, under the lot's row lock: the bid's row, the lot's highest bid, bidder, count and
 * end, and the notice on `channel` (sent by PostgreSQL when the transaction commits). One round trip while the lock
 * is held, not three. */
export async function takeBid(
  db: Database,
  bid: {
    schemePlotId: string;
    applicationId: string;
    bidderUserId: string;
    amount: number;
    sequence: number;
    placedAt: Date;
    endsAtAfter: Date;
  },
  notice: { channel: string; payload: string },
): Promise<void> {
  await db.execute(sql`
    with bid as (
      insert into ${schemeBids} (scheme_plot_id, application_id, bidder_user_id, amount, sequence, placed_at, ends_at_after)
      values (${bid.schemePlotId}, ${bid.applicationId}, ${bid.bidderUserId}, ${bid.amount}, ${bid.sequence},
        ${bid.placedAt.toISOString()}::timestamptz, ${bid.endsAtAfter.toISOString()}::timestamptz)
      returning sequence
    ), lot as (
      update ${schemePlots} set highest_bid = ${bid.amount}, highest_application_id = ${bid.applicationId},
        bid_count = ${bid.sequence}, ends_at = ${bid.endsAtAfter.toISOString()}::timestamptz
      where id = ${bid.schemePlotId}
    )
    select pg_notify(${notice.channel}, ${notice.payload}) from bid`);
}

/** Each application's best bid on each of the lots. */
export async function bestBidsOfLots(
  db: Database,
  plotIds: readonly string[],
): Promise<{ plotId: string; applicationId: string; amount: number }[]> {
  if (plotIds.length === 0) return [];
  const rows = await db
    .select({
      plotId: schemeBids.schemePlotId,
      applicationId: schemeBids.applicationId,
      amount: max(schemeBids.amount),
    })
    .from(schemeBids)
    .where(inArray(schemeBids.schemePlotId, [...plotIds]))
    .groupBy(schemeBids.schemePlotId, schemeBids.applicationId);
  return rows.map((row) => ({ plotId: row.plotId, applicationId: row.applicationId, amount: Number(row.amount) }));
}

/** The lot's bids after `sequence`, in order. */
export async function bidsAfter(
  db: Database,
  plotId: string,
  sequence: number,
): Promise<{ applicationId: string; amount: number; sequence: number }[]> {
  return db
    .select({ applicationId: schemeBids.applicationId, amount: schemeBids.amount, sequence: schemeBids.sequence })
    .from(schemeBids)
    .where(and(eq(schemeBids.schemePlotId, plotId), gt(schemeBids.sequence, sequence)))
    .orderBy(asc(schemeBids.sequence));
}

/** Every bid of the lot in order (the tests' and the bench's check that none was lost or taken twice). */
export async function bidsOfLot(db: Database, plotId: string): Promise<BidRow[]> {
  return db.select().from(schemeBids).where(eq(schemeBids.schemePlotId, plotId)).orderBy(asc(schemeBids.sequence));
}

/** The lot's qualified entries, ranked by each one's best bid (highest first); those who never bid follow, with no
 * amount. */
export async function rankedEntriesOfLot(
  db: Database,
  plotId: string,
): Promise<{ applicationId: string; best: number | null }[]> {
  const best = max(schemeBids.amount);
  const rows = await db
    .select({ applicationId: schemeEntries.applicationId, best })
    .from(schemeEntries)
    .leftJoin(
      schemeBids,
      and(
        eq(schemeBids.schemePlotId, schemeEntries.schemePlotId),
        eq(schemeBids.applicationId, schemeEntries.applicationId),
      ),
    )
    .where(and(eq(schemeEntries.schemePlotId, plotId), eq(schemeEntries.qualified, true)))
    .groupBy(schemeEntries.applicationId)
    .orderBy(sql`${best} desc nulls last`, asc(schemeEntries.applicationId));
  return rows.map((row) => ({ applicationId: row.applicationId, best: row.best === null ? null : Number(row.best) }));
}

/** Lots of auctions still bidding or waiting to be settled (an entry of theirs has no outcome yet) whose end has come,
 * oldest end first. */
export async function lotsPastEnd(
  db: Database,
  now: Date,
  limit: number,
  schemeId?: string,
): Promise<{ id: string; schemeId: string }[]> {
  const end = sql`coalesce(${schemePlots.endsAt}, ${schemes.auctionEndsAt})`;
  return db
    .select({ id: schemePlots.id, schemeId: schemePlots.schemeId })
    .from(schemePlots)
    .innerJoin(schemes, eq(schemes.id, schemePlots.schemeId))
    .where(
      and(
        eq(schemes.mode, 'auction'),
        eq(schemes.status, 'closed'),
        schemeId ? eq(schemes.id, schemeId) : undefined,
        isNull(schemePlots.winnerApplicationId),
        lte(end, now),
        // A lot with an entry not yet settled, or with no qualified entry at all (nobody applied: it ends unsold,
        // and its scheme is decided like any other, instead of staying closed for ever).
        sql`(exists (select 1 from ${schemeEntries} where ${schemeEntries.schemePlotId} = ${schemePlots.id}
          and ${schemeEntries.outcome} is null)
          or not exists (select 1 from ${schemeEntries} where ${schemeEntries.schemePlotId} = ${schemePlots.id}))`,
      ),
    )
    .orderBy(end, asc(schemePlots.id))
    .limit(limit);
}

/** Whether every lot of the scheme has ended and has each of its entries settled (the scheme may then be decided). */
export async function everyLotSettled(db: Database, schemeId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(schemePlots)
    .innerJoin(schemes, eq(schemes.id, schemePlots.schemeId))
    .where(
      and(
        eq(schemePlots.schemeId, schemeId),
        sql`(coalesce(${schemePlots.endsAt}, ${schemes.auctionEndsAt}) > ${now}
          or exists (select 1 from ${schemeEntries} where ${schemeEntries.schemePlotId} = ${schemePlots.id}
            and ${schemeEntries.outcome} is null))`,
      ),
    );
  return (row?.open ?? 0) === 0;
}

/** Auction winners whose time to pay has passed (pay_by before `today`) with the premium unpaid (still
 * pending_payment), with their lot. */
export async function winnersPastPayBy(
  db: Database,
  today: string,
  limit: number,
): Promise<{ applicationId: string; plotId: string; schemeId: string }[]> {
  return db
    .select({
      applicationId: schemeEntries.applicationId,
      plotId: schemeEntries.schemePlotId,
      schemeId: schemeEntries.schemeId,
    })
    .from(schemeEntries)
    .innerJoin(schemes, eq(schemes.id, schemeEntries.schemeId))
    .innerJoin(applications, eq(applications.id, schemeEntries.applicationId))
    .where(
      and(
        eq(schemeEntries.outcome, 'won'),
        eq(applications.status, 'pending_payment'),
        sql`${schemeEntries.payBy} is not null and ${schemeEntries.payBy} < ${today}`,
        eq(schemes.mode, 'auction'),
      ),
    )
    .orderBy(asc(schemeEntries.payBy), desc(schemeEntries.applicationId))
    .limit(limit);
}

/** The lot's waitlisted entry (H2), if any. */
export async function waitlistedEntryOfLot(
  db: Database,
  plotId: string,
): Promise<{ applicationId: string; amount: number | null } | undefined> {
  const [row] = await db
    .select({ applicationId: schemeEntries.applicationId, amount: schemeEntries.amount })
    .from(schemeEntries)
    .where(and(eq(schemeEntries.schemePlotId, plotId), eq(schemeEntries.outcome, 'waitlisted')))
    .limit(1);
  return row;
}
