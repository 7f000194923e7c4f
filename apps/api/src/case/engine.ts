/** The case engine's core, the same for every kind of case: a table of named events (the statuses each leaves from
 * and leads to, who fires it, the guards that must hold) and the check that one event may move one case now. An
 * application's life (transition.ts) is the first table; an allotment's or a service request's life is another
 * table with its own guards and its own writer, through this same check. */
import type { EventActor } from '@portal/contract';

export interface CaseEvent<Status extends string, Guard extends string> {
  from: readonly Status[];
  /** One status, or the statuses the caller chooses among. */
  to: readonly Status[];
  by: EventActor;
  guards: readonly Guard[];
}

export type EventTable<Name extends string, Status extends string, Guard extends string> = Readonly<
  Record<Name, CaseEvent<Status, Guard>>
>;

/** Who fires an event: a signed-in user (`mayFire` says whether their role, as owner or not, may), or the portal. */
export type Firer = { mayFire: boolean } | 'system';

export interface MoveChecks<Status extends string, Guard extends string> {
  /** The error for a move the table does not have. */
  notAllowed: (from: Status, to: Status) => Error;
  /** The error for a user who may not fire the event. */
  forbidden: (event: CaseEvent<Status, Guard>) => Error;
  /** Throws when the guard does not hold (in the caller's transaction). */
  guard: (guard: Guard) => Promise<void>;
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
