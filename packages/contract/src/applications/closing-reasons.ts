/**
 * Why an application ended, rejected or withdrawn, as a code and parameters (never a sentence): read from the
 * parameters of the move that ended it (its timeline entry), so the timeline, the Right now card and any letter say
 * the same reason in the reader's language.
 */
import { z } from 'zod';
import { stageFromParams } from './stages';

export const CLOSING_REASON_CODES = [
  /** A scheme's close found it not approved with its deposits paid by the closing date (params: scheme_number). */
  'scheme_not_qualified',
  /** The scheme's result gave the plot to another application (params: scheme_number, rank). */
  'scheme_lost',
  /** An auction's winner who did not pay in time: the EMD is forfeited (params: scheme_number). */
  'scheme_defaulted',
  /** The committee rejected it (params: note, the committee's remarks, or null). */
  'committee_rejected',
  /** A scrutiny officer rejected it (params: note, the officer's words, or null). */
  'officer_rejected',
  /** Its applicant withdrew it (params: note, the applicant's reason, or null). */
  'withdrawn',
] as const;
export type ClosingReasonCode = (typeof CLOSING_REASON_CODES)[number];

export const closingReasonSchema = z.object({
  code: z.enum(CLOSING_REASON_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ClosingReason = z.infer<typeof closingReasonSchema>;

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The reason of the move whose timeline parameters are `params` (event, from, to, and what the move carried: a
 * scheme's number, outcome and rank; the stage with its note; a withdrawal's reason); null for a move that ends
 * nothing.
 */
export function closingReasonOf(params: Record<string, unknown>): ClosingReason | null {
  const event = params.event;
  if (event === 'scheme_not_allotted') {
    const scheme_number = str(params.scheme_number);
    if (params.outcome === 'not_qualified') return { code: 'scheme_not_qualified', params: { scheme_number } };
    if (params.outcome === 'defaulted') return { code: 'scheme_defaulted', params: { scheme_number } };
    return {
      code: 'scheme_lost',
      params: { scheme_number, rank: typeof params.rank === 'number' ? params.rank : null },
    };
  }
  if (event === 'reject') {
    const stage = stageFromParams(params);
    if (stage?.code === 'committee_rejected') {
      return { code: 'committee_rejected', params: { note: str(stage.params.note) } };
    }
    // An officer's own words are the stage as typed; the status's own stage ("Rejected") says nothing more.
    const words = stage ? null : str(params.stage);
    return { code: 'officer_rejected', params: { note: words } };
  }
  if (event === 'withdraw') return { code: 'withdrawn', params: { note: str(params.reason) } };
  return null;
}
