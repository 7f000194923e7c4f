/** What a scheme's result does to its applications (decision 018), shared by the draw, first come and the auction's
 * close: each entry's outcome written, and each application moved through the case engine by the portal. And the
 * step after a winner pays: the provisional allotment, by the portal. */
import {
  caseEventFor,
  leavesFrom,
  SCHEME_ENTRY_EVENTS,
  SCHEME_PLOT_EVENTS,
  SCHEME_RULES,
  schemeEntryStatus,
  schemePlotStatus,
  type SchemeOutcome,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { businessTodayIso, dueDateFrom } from '../../../core/dates';
import { recordAllotment } from '../../estate/rules/allot';
import { moveCaseIfStill } from '../../../case/engine';
import { fire } from '../../applications/rules/transition';
import { findApplicationById, lockApplication, type ApplicationRow } from '../../../repositories/applications';
import { findAssetById, setAssetStatusIf } from '../../../repositories/assets';
import {
  findPlotEntriesWithOutcome,
  findSchemeById,
  findSchemeEntry,
  findSchemePlotById,
  type SchemeRow,
  releaseUnclaimedSchemePlots,
  writeSchemeEntryMove,
  writeSchemePlotMove,
} from '../repositories/schemes';
import { SYSTEM_ACTOR, type Actor } from '../../../repositories/timeline';
import { refreshPublicScheme } from './public-scheme-record';
import { clock } from '../../../core/clock';

export interface SchemeOutcomeLine {
  applicationId: string;
  outcome: Extract<SchemeOutcome, 'won' | 'waitlisted' | 'lost' | 'defaulted'>;
  rank: number | null;
  /** The amount the plot is offered at (an auction's bid); null for the draw and first come. */
  amount: number | null;
  /** An auction's winner pays by this day (ISO date); when left out for a won auction line, 30 days from today. */
  payBy?: string | null;
  /** A defaulted winner's EMD is forfeited: never due back. */
  emdForfeited?: boolean;
}

/**
 * Moves each line's entry through the engine (SCHEME_ENTRY_EVENTS: a line no event of the table leads to is a fault,
 * not written) and then its application, in the caller's transaction (the caller holds the scheme's row lock): won
 * from approved -> scheme_won (the premium invoice: an auction's bid less its EMD, due by pay_by; otherwise the usual
 * first instalment); lost and defaulted -> scheme_not_allotted (its EMD due back, unless forfeited); waitlisted: the
 * entry only. An application no longer in a status the event leaves from (withdrawn meanwhile) keeps its entry and is
 * not moved.
 */
export async function settleSchemeOutcomes(
  tx: Database,
  schemeId: string,
  lines: readonly SchemeOutcomeLine[],
  actor: Actor = SYSTEM_ACTOR,
): Promise<void> {
  const scheme = await findSchemeById(tx, schemeId);
  if (!scheme) throw new Error(`Scheme ${schemeId} not found`);
  const now = clock.now();
  for (const line of lines) {
    const application = await lockApplication(tx, line.applicationId);
    if (!application || application.schemeId !== schemeId) {
      throw new Error(`Application ${line.applicationId} is not one of scheme ${scheme.schemeNumber}`);
    }
    const payBy =
      line.outcome === 'won' && scheme.mode === 'auction'
        ? (line.payBy ?? dueDateFrom(now, SCHEME_RULES.winnerPaysWithinDays))
        : (line.payBy ?? null);
    const current = await findSchemeEntry(tx, application.id);
    if (!current) throw new Error(`Application ${application.applicationNumber} has no entry in its scheme`);
    const from = schemeEntryStatus(current.outcome);
    const event = caseEventFor(SCHEME_ENTRY_EVENTS, from, line.outcome, 'system');
    if (!event) {
      throw new Error(`The entry of ${application.applicationNumber} cannot go from ${from} to ${line.outcome}`);
    }
    const entry = await moveCaseIfStill({
      table: SCHEME_ENTRY_EVENTS,
      event,
      from,
      to: line.outcome,
      guard: () => undefined,
      // The outcome the table's check just allowed (no event leads back to pending).
      write: (from) =>
        writeSchemeEntryMove(tx, application.id, from, line.outcome, {
          rank: line.rank,
          amount: line.amount,
          payBy,
          emdForfeited: line.emdForfeited ?? false,
          decidedAt: now,
        }),
    });
    if (!entry) throw new Error(`The entry of ${application.applicationNumber} moved while it was settled`);
    await moveByOutcome(tx, scheme, application, line, actor);
  }
  await releaseUnclaimedSchemePlots(tx, schemeId);
  await refreshPublicScheme(tx, schemeId);
}

async function moveByOutcome(
  tx: Database,
  scheme: SchemeRow,
  application: ApplicationRow,
  line: SchemeOutcomeLine,
  actor: Actor,
): Promise<void> {
  const params = {
    scheme_number: scheme.schemeNumber,
    outcome: line.outcome,
    rank: line.rank,
    ...(line.amount !== null ? { amount: line.amount } : {}),
  };
  if (line.outcome === 'won') {
    if (!leavesFrom('scheme_won', application.status)) return;
    await fire(tx, application, { event: 'scheme_won', by: 'system', params });
    return;
  }
  if (line.outcome === 'lost' || line.outcome === 'defaulted') {
    if (!leavesFrom('scheme_not_allotted', application.status)) return;
    await fire(tx, application, { event: 'scheme_not_allotted', by: 'system', params });
  }
  void actor;
}

/**
 * Right after a payment verified a case (modules/money/rules/payments.ts): a scheme's winner now payment_verified is given the
 * provisional allotment by the portal (scheme_allot), its plot records the winner, and whoever waited behind it
 * for that plot (an auction's H2) is not allotted, their EMD due back. Anything else is left as it is. An asset
 * somehow no longer available leaves the winner at payment_verified for an officer to see.
 */
export async function allotSchemeWinnerIfPaid(tx: Database, applicationId: string): Promise<void> {
  const application = await findApplicationById(tx, applicationId);
  if (!application?.schemeId || application.status !== 'payment_verified') return;
  const entry = await findSchemeEntry(tx, application.id);
  if (!entry || entry.outcome !== 'won') return;
  const asset = await findAssetById(tx, application.assetId);
  if (!asset) return;
  const held = await setAssetStatusIf(tx, asset.id, ['available', 'reserved'], 'reserved');
  if (!held) return;
  const scheme = await findSchemeById(tx, application.schemeId);
  const params = { scheme_number: scheme?.schemeNumber ?? null, outcome: 'won', rank: entry.rank };
  await fire(tx, application, { event: 'scheme_allot', by: 'system', params });
  await recordAllotment(tx, SYSTEM_ACTOR, {
    applicationId: application.id,
    asset,
    type: 'provisional',
    allotmentDate: businessTodayIso(),
    expiryDate: null,
    createdBy: null,
  });
  const plot = await findSchemePlotById(tx, entry.schemePlotId);
  if (!plot) throw new Error(`The plot of ${application.applicationNumber}'s scheme entry is missing`);
  const allotted = await moveCaseIfStill({
    table: SCHEME_PLOT_EVENTS,
    event: 'allot_to_winner',
    from: schemePlotStatus(plot.winnerApplicationId),
    guard: () => undefined,
    write: (from) => writeSchemePlotMove(tx, plot.id, from, { applicationId: application.id, amount: entry.amount }),
  });
  // The plot's asset was held for this winner just above, so no other winner can have been recorded on it.
  if (!allotted) throw new Error(`The plot of ${application.applicationNumber} already has a winner`);
  const waiting = await findPlotEntriesWithOutcome(tx, entry.schemePlotId, 'waitlisted');
  if (waiting.length > 0 && scheme) {
    await settleSchemeOutcomes(
      tx,
      scheme.id,
      waiting.map((other) => ({ applicationId: other.applicationId, outcome: 'lost', rank: other.rank, amount: null })),
    );
  }
}
