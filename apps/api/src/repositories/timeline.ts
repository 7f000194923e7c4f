/** The append-only timeline of events. */
import { desc, eq } from 'drizzle-orm';
import type { TimelineEntityType, TimelineEvent } from '@portal/contract';
import type { Database } from '../db/client';
import { timelineEvents } from '../db/schema';

export interface Actor {
  id: string | null;
  role: string;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { id: null, role: 'SYSTEM', name: 'SYSTEM' };

export interface NewTimelineEvent {
  applicationId: string | null;
  action: string;
  details?: string;
  entityType: TimelineEntityType;
  entityId?: string | null;
}

export async function recordEvent(db: Database, actor: Actor, event: NewTimelineEvent): Promise<void> {
  await db.insert(timelineEvents).values({
    applicationId: event.applicationId,
    action: event.action,
    details: event.details ?? '',
    entityType: event.entityType,
    entityId: event.entityId ?? null,
    userId: actor.id,
    userRole: actor.role,
    userName: actor.name,
  });
}

export async function listEventsForApplication(db: Database, applicationId: string): Promise<TimelineEvent[]> {
  const rows = await db
    .select()
    .from(timelineEvents)
    .where(eq(timelineEvents.applicationId, applicationId))
    .orderBy(desc(timelineEvents.seq));
  return rows.map((row) => ({
    id: row.id,
    application_id: row.applicationId,
    action: row.action,
    user_role: row.userRole,
    user_name: row.userName,
    details: row.details,
    timestamp: row.timestamp.toISOString(),
    entity_type: row.entityType,
  }));
}
