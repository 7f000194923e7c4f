/** A scheme's public record (GET /public/schemes/{number}), stored (decision 025): every change of the facts it shows
 * calls refreshPublicScheme in its own transaction, and the public page reads the one stored row. A scheme with no
 * stored row yet (made before the store) has it worked out on its first reading and stored then. */
import { beaconRoundTime, type PublicScheme } from '@portal/contract';
import type { Database } from '../../../db/client';
import { notFound } from '../../../core/http-error';
import { SCHEME_NOT_FOUND } from './scheme-window';
import { beaconDrawSeed, winnerReason } from './scheme-draw';
import { findCurrentIssuedDocument } from '../../documents/repositories/issued-documents';
import {
  findStoredPublicScheme,
  saveStoredPublicScheme,
  storePublicSchemeIfAbsent,
} from '../repositories/public-scheme-records';
import {
  findDecidedBids,
  findQualifiedList,
  findSchemeById,
  findSchemeByNumber,
  findSchemePlots,
  findSchemeResult,
  type SchemeRow,
} from '../repositories/schemes';

/** A draw's beacon as the scheme and its record show it (decision 034): the round named at the opening, the round as
 * the draw used it, and the frozen list's hash from the close. */
export function schemeBeaconFacts(scheme: SchemeRow): Pick<PublicScheme, 'beacon' | 'beacon_round' | 'qualified_hash'> {
  return {
    beacon:
      scheme.beaconChain && scheme.beaconRound !== null
        ? {
            chain: scheme.beaconChain,
            round: scheme.beaconRound,
            round_at: new Date(beaconRoundTime(scheme.beaconRound, scheme.beaconChain)).toISOString(),
          }
        : null,
    beacon_round:
      scheme.beaconRound !== null && scheme.beaconRandomness && scheme.beaconSignature
        ? { round: scheme.beaconRound, randomness: scheme.beaconRandomness, signature: scheme.beaconSignature }
        : null,
    qualified_hash: scheme.qualifiedHash,
  };
}

/** The record worked out from the facts: the commitment, the plots, the qualified list once applications close, the
 * seed, the result and (an auction's) bids once decided, and the result sheet's verification code. */
async function composePublicScheme(db: Database, scheme: SchemeRow): Promise<PublicScheme> {
  const plots = await findSchemePlots(db, scheme.id);
  const decided = scheme.status === 'decided';
  const qualified = scheme.status === 'open' ? null : await findQualifiedList(db, scheme.id);
  const result = decided ? await findSchemeResult(db, scheme.id) : null;
  const sheet = decided ? await findCurrentIssuedDocument(db, 'scheme_result_sheet', scheme.id) : undefined;
  return {
    scheme_number: scheme.schemeNumber,
    title: scheme.title,
    mode: scheme.mode,
    status: scheme.status,
    opens_at: scheme.opensAt.toISOString(),
    closes_at: scheme.closesAt.toISOString(),
    commitment: scheme.commitment,
    seed: scheme.revealedSeed,
    ...schemeBeaconFacts(scheme),
    draw_seed:
      decided && scheme.revealedSeed && scheme.beaconRandomness && scheme.qualifiedHash
        ? beaconDrawSeed(scheme.revealedSeed, scheme.beaconRandomness, scheme.qualifiedHash)
        : null,
    plots: plots.map((plot) => ({
      plot_code: plot.assetCode,
      reserved_for: plot.reservedFor,
      reserve_price: plot.reservePrice,
    })),
    qualified:
      qualified?.map((line) => ({
        position: line.listPosition,
        application_number: line.applicationNumber,
        plot_code: line.plotCode,
        category: line.category,
      })) ?? null,
    result:
      result?.map((line) => ({
        application_number: line.applicationNumber,
        plot_code: line.plotCode,
        outcome: line.outcome,
        rank: line.rank,
        amount: line.amount,
        reason: line.outcome === 'won' ? winnerReason(scheme.mode, line.reservedFor, line.category) : null,
      })) ?? null,
    bids:
      scheme.mode === 'auction'
        ? (await findDecidedBids(db, scheme.id)).map((bid) => ({
            plot_code: bid.plotCode,
            amount: bid.amount,
            placed_at: bid.placedAt.toISOString(),
          }))
        : null,
    decided_at: scheme.decidedAt?.toISOString() ?? null,
    verification_code: sheet?.verificationCode ?? null,
  };
}

/** Works the scheme's record out again and stores it: called in the transaction of every change of its facts. */
export async function refreshPublicScheme(tx: Database, schemeId: string): Promise<void> {
  const scheme = await findSchemeById(tx, schemeId);
  if (scheme) await saveStoredPublicScheme(tx, scheme.id, await composePublicScheme(tx, scheme));
}

/** GET /public/schemes/{number}: the record anyone can check, with no one named beyond application numbers. */
export async function publicScheme(db: Database, schemeNumber: string): Promise<PublicScheme> {
  const number = schemeNumber.toUpperCase();
  const stored = await findStoredPublicScheme(db, number);
  if (stored) return stored;
  const scheme = await findSchemeByNumber(db, number);
  if (!scheme) throw notFound(SCHEME_NOT_FOUND);
  const record = await composePublicScheme(db, scheme);
  await storePublicSchemeIfAbsent(db, scheme.id, record);
  return record;
}
