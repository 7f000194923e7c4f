/** The case engine's core, the same for every kind of case: a table of named events from the contract (the
 * application's lifecycle.ts, the other kinds' case-kinds.ts) and the check that one event may move one case now.
 * An application moves through `fire` (transition.ts), which adds its stage, clock, timeline and side effects; a
 * service request, an appeal, a show-cause notice, a scheme with its entries and plots, a refund, a ledger
 * adjustment and a bank credit move through `moveCase`, which checks and writes the move, and records the timeline
 * entry the event names (`moveCaseIfStill` for the portal's sweeps). */
import type { CaseEvent, EventTable } from '@portal/contract';
import type { Database } from '../db/client';
import type { Actor, NewTimelineEvent } from '../repositories/timeline';
import { recordEvent } from './events';

export type { CaseEvent, EventTable };

/** Who fires an event: a signed-in user (`mayFire` says whether their role, as owner or not, may), or the portal. */
export type Firer = { mayFire: boolean } | 'system';

export interface MoveChecks<Status extends string, Guard extends string> {
  /** The error for a move the table does not have. */
  notAllowed: (from: Status, to: Status) => Error;
  /** The error for a user who may not fire the event. */
  forbidden: (event: CaseEvent<Status, Guard>) => Error;
  /** Throws when the guard does not hold (in the caller's transaction). */
  guard: (guard: Guard) => void | Promise<void>;
}

/** Checks that `name` may move a case from `from` (to `to`, or the event's first status) now; answers the status
 * to move to. Throws the table's errors otherwise. */
export async function checkMove<Name extends string, Status extends string, Guard extends string>(
  table: EventTable<Name, Status, Guard>,
  name: Name,
  from: Status,
  to: Status | undefined,
  by: Firer,
  checks: MoveChecks<Status, Guard>,
): Promise<Status> {
  const event = table[name];
  const target = to ?? event.to[0]!;
  if (!event.from.includes(from) || !event.to.includes(target)) throw checks.notAllowed(from, target);
  if (by === 'system') {
    if (event.by.kind !== 'system') throw new Error(`The event ${name} is not fired by the portal`);
  } else if (!by.mayFire) {
    throw checks.forbidden(event);
  }
  for (const guard of event.guards) await checks.guard(guard);
  return target;
}

export interface CaseMoveRequest<Name extends string, Status extends string, Guard extends string, Row> {
  table: EventTable<Name, Status, Guard>;
  event: Name;
  /** The case's status as read in the caller's transaction. */
  from: Status;
  /** The status to move to, when the event allows several. */
  to?: Status;
  by: Firer;
  checks: MoveChecks<Status, Guard> & {
    /** The error when the conditional update finds the case moved by someone else in the meantime. */
    lostRace: () => Error;
  };
  /** Writes the move: an update of the case's row to `to` on condition that its status is still one of `from` (the
   * statuses the event leaves from); answers the row, or undefined when the condition failed. */
  write: (from: readonly Status[], to: Status) => Promise<Row | undefined>;
  /** For an event whose table names a timeline entry (and only then): who moved it and the entry's application,
   * entity and parameters for the moved row, recorded in the move's transaction with what follows from it. */
  record?: MoveRecord<Row>;
}

export interface MoveRecord<Row> {
  tx: Database;
  actor: Actor;
  entry: (moved: Row) => Omit<NewTimelineEvent, 'code'> | Promise<Omit<NewTimelineEvent, 'code'>>;
}

/** Records the timeline entry the event names, or refuses a caller that gives an entry to an event naming none (or
 * none to one that does): the table says which moves the timeline shows, not each caller. */
async function recordMove<Row>(event: CaseEvent<string, string>, name: string, moved: Row, record?: MoveRecord<Row>) {
  if (!event.timeline) {
    if (record) throw new Error(`The event ${name} records no timeline entry`);
    return;
  }
  if (!record) throw new Error(`The event ${name} records ${event.timeline}: its move must say who and where`);
  await recordEvent(record.tx, record.actor, { ...(await record.entry(moved)), code: event.timeline });
}

/** Checks the move (checkMove) and writes it through the request's conditional update, in the caller's transaction;
 * answers the moved row. */
export async function moveCase<Name extends string, Status extends string, Guard extends string, Row>(
  request: CaseMoveRequest<Name, Status, Guard, Row>,
): Promise<Row> {
  const to = await checkMove(request.table, request.event, request.from, request.to, request.by, request.checks);
  const moved = await request.write(request.table[request.event].from, to);
  if (!moved) throw request.checks.lostRace();
  await recordMove(request.table[request.event], request.event, moved, request.record);
  return moved;
}

/** As moveCase, for the portal's own sweeps, which find their cases before the transaction: a case no longer in a
 * status the event leaves from (moved by someone meanwhile) is left as it is and answers undefined. */
export async function moveCaseIfStill<Name extends string, Status extends string, Guard extends string, Row>(
  request: Omit<CaseMoveRequest<Name, Status, Guard, Row>, 'by' | 'checks'> & {
    guard: MoveChecks<Status, Guard>['guard'];
  },
): Promise<Row | undefined> {
  const event = request.table[request.event];
  if (!event.from.includes(request.from)) return undefined;
  const refused = () => new Error(`The portal's event ${request.event} cannot move this case`);
  const to = await checkMove(request.table, request.event, request.from, request.to, 'system', {
    notAllowed: refused,
    forbidden: refused,
    guard: request.guard,
  });
  const moved = await request.write(event.from, to);
  if (moved) await recordMove(event, request.event, moved, request.record);
  return moved;
}
