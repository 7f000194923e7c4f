/** The append-only timeline of events. */
import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  TIMELINE_LIST,
  type TimelineEntityType,
  type TimelineEvent,
  type timelineListQuerySchema,
  isInternalTimelineCode,
  timelineEnglish,
  type TimelineCode,
  type TimelineParams,
} from '@portal/contract';
import type { Database } from '../db/client';
import { timelineEvents } from '../db/schema';
import { likePattern, type Page, pageOfTable, type SortExpression } from '../core/list-page';

export type TimelineListQuery = z.output<typeof timelineListQuerySchema>;

export interface Actor {
  id: string | null;
  role: string;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, role: 'SYSTEM', name: 'SYSTEM' };

export interface NewTimelineEvent {
  applicationId: string | null;
  code: TimelineCode;
  params?: TimelineParams;
  entityType: TimelineEntityType;
  entityId?: string | null;
}

/** Appends an entry: its code and parameters, and the English action and details the spec's timeline shows. What
 * follows from an event (the notifications) is the case engine's: it records through case/events.ts. */
export async function insertTimelineEvent(db: Database, actor: Actor, event: NewTimelineEvent): Promise<TimelineEvent> {
  const params = event.params ?? {};
  const english = timelineEnglish(event.code, params);
  const [row] = await db
    .insert(timelineEvents)
    .values({
      applicationId: event.applicationId,
      action: english.action,
      details: english.details,
      eventCode: event.code,
      params,
      internal: isInternalTimelineCode(event.code),
      entityType: event.entityType,
      entityId: event.entityId ?? null,
      userId: actor.id,
      userRole: actor.role,
      userName: actor.name,
    })
    .returning();
  return toTimelineEvent(row!);
}

type TimelineRow = typeof timelineEvents.$inferSelect;

function toTimelineEvent(row: TimelineRow): TimelineEvent {
  return {
    id: row.id,
    application_id: row.applicationId,
    action: row.action,
    user_role: row.userRole,
    user_name: row.userName,
    details: row.details,
    timestamp: row.timestamp.toISOString(),
    entity_type: row.entityType,
    event_code: row.eventCode,
    params: row.params,
    internal: row.internal,
  };
}

/** Every event of one application, latest first (for checks in code; the API answers pages). */
export async function listEventsForApplication(db: Database, applicationId: string): Promise<TimelineEvent[]> {
  const rows = await db
    .select()
    .from(timelineEvents)
    .where(eq(timelineEvents.applicationId, applicationId))
    .orderBy(desc(timelineEvents.seq));
  return rows.map(toTimelineEvent);
}

/** The parameters of the latest move of the application into `status` (its timeline entry), or undefined. */
export async function findLatestMoveInto(
  db: Database,
  applicationId: string,
  status: string,
): Promise<TimelineParams | undefined> {
  const [row] = await db
    .select({ params: timelineEvents.params })
    .from(timelineEvents)
    .where(and(eq(timelineEvents.applicationId, applicationId), sql`${timelineEvents.params}->>'to' = ${status}`))
    .orderBy(desc(timelineEvents.seq))
    .limit(1);
  return row?.params;
}

const TIMELINE_SORT_COLUMNS = {
  // The sequence is the order of writing, which is time order even for events within one clock tick.
  timestamp: timelineEvents.seq,
} satisfies Record<(typeof TIMELINE_LIST.sort)[number], SortExpression>;

/** One page of an application's timeline, with its total (counted: one application's events are few).
 * Internal entries (officers' notes, assignments) only when `includeInternal`: never for the applicant. */
export async function searchTimeline(
  db: Database,
  applicationId: string,
  query: TimelineListQuery,
  includeInternal: boolean,
  /** Only the entries in this window: an allotment's history (from its making), a previous holder's (until the
   * transfer). */
  window: { from?: Date; until?: Date } = {},
): Promise<Page<TimelineEvent>> {
  const conditions: SQL[] = [eq(timelineEvents.applicationId, applicationId)];
  if (!includeInternal) conditions.push(eq(timelineEvents.internal, false));
  if (window.from) conditions.push(gte(timelineEvents.timestamp, window.from));
  if (window.until) conditions.push(lte(timelineEvents.timestamp, window.until));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(timelineEvents.action, pattern), ilike(timelineEvents.details, pattern))!);
  }
  const page = await pageOfTable(db, {
    table: timelineEvents,
    request: query,
    sortColumns: TIMELINE_SORT_COLUMNS,
    conditions,
    total: 'all',
  });
  return { ...page, items: page.items.map(toTimelineEvent) };
}
