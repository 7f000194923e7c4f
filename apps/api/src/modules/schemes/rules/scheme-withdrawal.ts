/** A scheme's winner who withdraws before allotment gives its plot back (decision 023), in the withdrawal's
 * transaction, the scheme's row locked before the application's as the scheme's other writers lock them: an
 * auction's winner is recorded `defaulted` (its EMD not forfeited: product decisions section 10 refunds an EMD on a
 * withdrawal before allotment) and the lot's H2, if any, wins at its own bid with 30 days of its own, as when a
 * winner does not pay (decision 018); a draw's or first come's winner keeps its published result, and its plot, which
 * nobody can still win, goes back to available. */
import type { Database } from '../../../db/client';
import type { ApplicationRow } from '../../../repositories/applications';
import { findSchemeEntry, lockScheme, releaseUnclaimedSchemePlots, type SchemeRow } from '../repositories/schemes';
import { waitlistedEntryOfLot } from '../repositories/auctions';
import { settleSchemeOutcomes, type SchemeOutcomeLine } from './scheme-outcomes';
import { refreshPublicScheme } from './public-scheme-record';

/** Locks the scheme of an application in one (before the application is locked); undefined outside a scheme. */
export async function lockSchemeOf(
  tx: Database,
  application: Pick<ApplicationRow, 'schemeId'>,
): Promise<SchemeRow | undefined> {
  return application.schemeId ? lockScheme(tx, application.schemeId) : undefined;
}

/** After the move to withdrawn, under the scheme's lock (lockSchemeOf). */
export async function releaseWithdrawnWinner(
  tx: Database,
  scheme: SchemeRow | undefined,
  application: ApplicationRow,
): Promise<void> {
  if (!scheme || application.status !== 'withdrawn') return;
  const entry = await findSchemeEntry(tx, application.id);
  if (entry?.outcome === 'won' && scheme.mode === 'auction') {
    const lines: SchemeOutcomeLine[] = [
      {
        applicationId: application.id,
        outcome: 'defaulted',
        rank: entry.rank,
        amount: entry.amount,
        payBy: entry.payBy,
        emdForfeited: false,
      },
    ];
    const next = await waitlistedEntryOfLot(tx, entry.schemePlotId);
    if (next) lines.push({ applicationId: next.applicationId, outcome: 'won', rank: 2, amount: next.amount });
    await settleSchemeOutcomes(tx, scheme.id, lines);
    return;
  }
  if (scheme.status !== 'open') {
    await releaseUnclaimedSchemePlots(tx, scheme.id);
    await refreshPublicScheme(tx, scheme.id);
  }
}
