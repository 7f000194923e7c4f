/** A scheme's moves (contract SCHEME_EVENTS: closed, then decided), through the case engine, in the caller's
 * transaction under the scheme's row lock: the table's check, its guards, and the one conditional writer. */
import { actorMay, SCHEME_EVENTS, type SchemeEventName, type SchemeGuard } from '@portal/contract';
import type { Database } from '../../../db/client';
import { conflict, forbidden } from '../../../core/http-error';
import { writeSchemeMove, type SchemeRow } from '../repositories/schemes';
import type { CurrentUser } from '../../../case/actor';
import { moveCase } from '../../../case/engine';

const schemeState = (detail: string) => conflict(detail, 'scheme_state');

/** Who moves the scheme: an officer, or the portal (its closing sweep, an auction's last lot). */
export type SchemeMover = CurrentUser | 'system';

/** Fires `event` on the scheme at `now`; answers the moved row. The refusals name the scheme: already closed or
 * decided, still taking applications, an auction an officer may not decide. */
export function moveScheme(
  tx: Database,
  scheme: SchemeRow,
  event: SchemeEventName,
  by: SchemeMover,
  now: Date,
  values: Parameters<typeof writeSchemeMove>[4] = {},
): Promise<SchemeRow> {
  const name = scheme.schemeNumber;
  const notAllowed = (from: SchemeRow['status']) => {
    if (from === 'decided') return conflict(`Scheme ${name} is already decided: the result stands`, 'scheme_decided');
    if (from === 'open') return schemeState(`Scheme ${name} is still taking applications: close it first`);
    return schemeState(`Scheme ${name} is already closed`);
  };
  const guard = (which: SchemeGuard) => {
    if (which === 'closing_time_passed' && now < scheme.closesAt) {
      throw schemeState(`Scheme ${name} takes applications until ${scheme.closesAt.toISOString()}`);
    }
    if (which === 'not_an_auction' && scheme.mode === 'auction') {
      throw schemeState(`Scheme ${name} is an auction: the bids decide it when bidding ends`);
    }
  };
  return moveCase({
    table: SCHEME_EVENTS,
    event,
    from: scheme.status,
    by: by === 'system' ? 'system' : { mayFire: actorMay(SCHEME_EVENTS[event].by, by.role, false) },
    checks: { notAllowed, forbidden: () => forbidden(), guard, lostRace: () => notAllowed(scheme.status) },
    write: (from, to) => writeSchemeMove(tx, scheme.id, from, to, values),
  });
}
