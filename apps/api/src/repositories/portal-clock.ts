/** The portal's clock row (migration 0027, decision 026): its offset, and the flag a move holds while it runs. */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { portalClock } from '../db/schema';

export type PortalClockRow = typeof portalClock.$inferSelect;

export async function readPortalClockRow(db: Database): Promise<PortalClockRow> {
  const [row] = await db.select().from(portalClock).where(eq(portalClock.id, true));
  if (!row) throw new Error('The portal_clock row is missing (migration 0027 writes it)');
  return row;
}

/** A move left unfinished this long (its process died) no longer holds the clock. */
const STALE_MOVE = sql`now() - interval '1 hour'`;

/** Takes the clock for a move: false when another move holds it. */
export async function startClockMove(db: Database): Promise<boolean> {
  const taken = await db
    .update(portalClock)
    .set({ movingSince: sql`now()` })
    .where(and(eq(portalClock.id, true), or(isNull(portalClock.movingSince), lt(portalClock.movingSince, STALE_MOVE))))
    .returning({ id: portalClock.id });
  return taken.length === 1;
}

/** Moves the clock `deltaMs` further ahead (a move's step). */
export async function addClockOffset(db: Database, deltaMs: number): Promise<void> {
  await db
    .update(portalClock)
    .set({ offsetMs: sql`${portalClock.offsetMs} + ${Math.round(deltaMs)}::bigint` })
    .where(eq(portalClock.id, true));
}

/** Ends a move: the clock is free again, and says who moved it last and when. */
export async function finishClockMove(db: Database, movedBy: string | null): Promise<void> {
  await db
    .update(portalClock)
    .set({ movingSince: null, movedAt: sql`portal_now()`, movedBy })
    .where(eq(portalClock.id, true));
}
