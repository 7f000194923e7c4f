/** The auction's two sweeps (decision 018, "The e-auction"), on the job lease so one process runs each at a time.
 *
 * Closing: a lot past its end whose entries have no outcome yet is settled by the portal: its qualified bidders
 * ranked by their highest bid, H1 won at its bid (invoiced the bid less the EMD, to pay within 30 days), H2
 * waitlisted at its own bid, the rest and those who never bid lost (their EMDs due back). When every lot of the
 * scheme is settled the scheme is decided, by the portal (decided_by null), and its result sheet issued.
 *
 * Default: a winner whose pay-by day has passed with the premium unpaid (still pending_payment) defaults, its EMD
 * forfeited, and the lot's H2 wins at its own bid with 30 days of its own. A winner who pays is allotted by the
 * schemes module (allotSchemeWinnerIfPaid), which also releases H2. */
import type { Database } from '../../../db/client';
import { businessTodayIso } from '../../../core/dates';
import { runExclusive } from '../../../lib/job-lease';
import type { Sweep } from '../../../lib/sweeps';
import { findApplicationById } from '../../../repositories/applications';
import {
  everyLotSettled,
  lockLot,
  lotEnd,
  lotsPastEnd,
  rankedEntriesOfLot,
  waitlistedEntryOfLot,
  winnersPastPayBy,
} from '../repositories/auctions';
import { findSchemeEntry, lockScheme } from '../repositories/schemes';
import { moveScheme } from '../rules/scheme-moves';
import { announceCommitted, announceInTransaction, type LotNotice } from './live';
import { refreshPublicScheme } from '../rules/public-scheme-record';
import { clock } from '../../../core/clock';

export const AUCTION_CLOSE_EVERY_MS = 15_000;
export const AUCTION_DEFAULTS_EVERY_MS = 60 * 60_000;
/** Lots settled in one run: each is a short transaction; the next run takes the rest. */
const LOTS_PER_RUN = 200;
const WINNERS_PER_RUN = 200;

/** What became of one entry, as the schemes module's settleSchemeOutcomes takes it. */
export interface AuctionOutcomeLine {
  applicationId: string;
  outcome: 'won' | 'waitlisted' | 'lost' | 'defaulted';
  rank: number | null;
  amount: number | null;
  payBy?: string | null;
  emdForfeited?: boolean;
}

/** The schemes module's settleSchemeOutcomes: writes each entry's outcome and moves its application through the case
 * engine, in the caller's transaction under the scheme's row lock. Handed in by the composition (modules/index.ts and
 * the runtime), since modules never import each other. */
export type SettleOutcomes = (tx: Database, schemeId: string, lines: readonly AuctionOutcomeLine[]) => Promise<void>;

/** Issues a decided scheme's result sheet (the schemes module's); called after the deciding transaction commits. */
export type ResultSheetIssuer = (schemeId: string) => Promise<unknown>;

/** The outcome of each qualified entry of a lot, from its ranking by best bid. */
export function closingLines(ranked: readonly { applicationId: string; best: number | null }[]): AuctionOutcomeLine[] {
  return ranked.map((entry, index) => {
    if (entry.best === null) return { applicationId: entry.applicationId, outcome: 'lost', rank: null, amount: null };
    const rank = index + 1;
    if (rank === 1) return { applicationId: entry.applicationId, outcome: 'won', rank, amount: entry.best };
    if (rank === 2) return { applicationId: entry.applicationId, outcome: 'waitlisted', rank, amount: entry.best };
    return { applicationId: entry.applicationId, outcome: 'lost', rank, amount: null };
  });
}

/** Settles one lot past its end, under its scheme's and its own row locks (no bid can come in between); answers
 * whether it settled it and whether that decided the scheme. */
async function settleLot(
  db: Database,
  settle: SettleOutcomes,
  lot: { id: string; schemeId: string },
  now: Date,
): Promise<{ notice: LotNotice; decided: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const scheme = await lockScheme(tx, lot.schemeId);
    if (!scheme || scheme.status !== 'closed' || scheme.mode !== 'auction') return undefined;
    const locked = await lockLot(tx, lot.schemeId, lot.id);
    const end = locked && lotEnd(locked);
    // A last bid may have extended it since it was found.
    if (!locked || !end || end > now) return undefined;
    const ranked = await rankedEntriesOfLot(tx, lot.id);
    const unsettled: typeof ranked = [];
    for (const entry of ranked) {
      const row = await findSchemeEntry(tx, entry.applicationId);
      if (row && row.outcome === null) unsettled.push(entry);
    }
    // Settled already (a run of another process got here first).
    if (unsettled.length !== ranked.length) return undefined;
    await settle(tx, scheme.id, closingLines(ranked));
    const notice = { scheme_id: scheme.id, plot_id: lot.id, sequence: locked.bidCount };
    await announceInTransaction(tx, notice);
    // The scheme is decided once every lot is settled (under its row lock, so by one run only).
    const decided = await everyLotSettled(tx, scheme.id, now);
    if (decided) await moveScheme(tx, scheme, 'decide_auction', 'system', now, { decidedAt: now, decidedBy: null });
    // The public record shows the lot's result, and once every lot is settled the scheme's.
    await refreshPublicScheme(tx, scheme.id);
    return { notice, decided };
  });
}

/** Settles the lots past their end (only those of `schemeId`, when given); answers the schemes it decided. */
export async function closeEndedLots(
  db: Database,
  settle: SettleOutcomes,
  options: { now?: Date; schemeId?: string; issueResultSheet?: ResultSheetIssuer } = {},
): Promise<string[]> {
  const now = options.now ?? clock.now();
  const decided: string[] = [];
  for (const lot of await lotsPastEnd(db, now, LOTS_PER_RUN, options.schemeId)) {
    const settled = await settleLot(db, settle, lot, now);
    if (!settled) continue;
    announceCommitted(db, settled.notice);
    if (settled.decided) decided.push(lot.schemeId);
  }
  for (const schemeId of decided) await options.issueResultSheet?.(schemeId);
  return decided;
}

/** A winner past its pay-by day with the premium unpaid defaults; the lot's H2 wins at its own bid. Answers how many
 * defaulted. */
export async function defaultUnpaidWinners(
  db: Database,
  settle: SettleOutcomes,
  options: { today?: string } = {},
): Promise<number> {
  const today = options.today ?? businessTodayIso();
  let count = 0;
  for (const winner of await winnersPastPayBy(db, today, WINNERS_PER_RUN)) {
    const done = await db.transaction(async (tx) => {
      const scheme = await lockScheme(tx, winner.schemeId);
      if (!scheme) return false;
      const entry = await findSchemeEntry(tx, winner.applicationId);
      const application = await findApplicationById(tx, winner.applicationId);
      // Paid meanwhile (or moved on by an officer): not a default.
      if (!entry || entry.outcome !== 'won' || !entry.payBy || entry.payBy >= today) return false;
      if (application?.status !== 'pending_payment') return false;
      const lines: AuctionOutcomeLine[] = [
        {
          applicationId: entry.applicationId,
          outcome: 'defaulted',
          rank: entry.rank,
          amount: entry.amount,
          payBy: entry.payBy,
          emdForfeited: true,
        },
      ];
      const next = await waitlistedEntryOfLot(tx, entry.schemePlotId);
      if (next) lines.push({ applicationId: next.applicationId, outcome: 'won', rank: 2, amount: next.amount });
      await settle(tx, scheme.id, lines);
      return true;
    });
    if (done) count++;
  }
  return count;
}

/** Lots past their end settled every 15 seconds (H1, H2), a decided scheme's result sheet issued; unpaid winners
 * looked for every hour. Each on its own lease. */
export function auctionSweeps(db: Database, settle: SettleOutcomes, issueResultSheet?: ResultSheetIssuer): Sweep[] {
  const leased = (name: string, everyMs: number, work: () => Promise<unknown>): Sweep => ({
    name,
    everyMs,
    run: () => runExclusive(db, name, everyMs, work),
  });
  return [
    leased('auction_close', AUCTION_CLOSE_EVERY_MS, () => closeEndedLots(db, settle, { issueResultSheet })),
    leased('auction_defaults', AUCTION_DEFAULTS_EVERY_MS, () => defaultUnpaidWinners(db, settle)),
  ];
}
