/** Committee meetings, kept on the server (product decisions, section 6). */
import { desc } from 'drizzle-orm';
import type { CommitteeType, Meeting } from '@portal/contract';
import type { Database } from '../db/client';
import { meetings } from '../db/schema';

export type MeetingRow = typeof meetings.$inferSelect;

export function toMeeting(row: MeetingRow): Meeting {
  return {
    id: row.id,
    meeting_number: row.meetingNumber,
    meeting_date: row.meetingDate,
    committee_type: row.committeeType,
    agenda: row.agenda,
    applications: row.applicationIds,
    created_at: row.createdAt.toISOString(),
  };
}

export interface NewMeeting {
  meetingNumber: string;
  meetingDate: string;
  committeeType: CommitteeType;
  agenda: string;
  applicationIds: string[];
  createdBy: string;
}

export async function insertMeeting(db: Database, values: NewMeeting): Promise<MeetingRow> {
  const [row] = await db.insert(meetings).values(values).returning();
  return row!;
}

export async function listMeetings(
  db: Database,
  page: { limit?: number; offset?: number } = {},
): Promise<MeetingRow[]> {
  let query = db.select().from(meetings).orderBy(desc(meetings.meetingDate), desc(meetings.meetingNumber)).$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset !== undefined) query = query.offset(page.offset);
  return query;
}
