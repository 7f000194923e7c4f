/** Committee meetings, kept on the server (product decisions, section 6). */
import { ilike, inArray, or, type SQL } from 'drizzle-orm';
import { MEETING_LIST, type CommitteeType, type Meeting, type MeetingListQuery } from '@portal/contract';
import type { Database } from '../../../db/client';
import { meetings } from '../../../db/schema';
import { dateRange, likePattern, type Page, pageOfTable, type SortExpression } from '../../../core/list-page';

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

const MEETING_SORT_COLUMNS = {
  meeting_date: meetings.meetingDate,
  created_at: meetings.createdAt,
  meeting_number: meetings.meetingNumber,
} satisfies Record<(typeof MEETING_LIST.sort)[number], SortExpression>;

/** One page of meetings in the requested order, with its total. */
export async function searchMeetings(db: Database, query: MeetingListQuery): Promise<Page<MeetingRow>> {
  const conditions: SQL[] = [];
  if (query.committee_type?.length) conditions.push(inArray(meetings.committeeType, query.committee_type));
  conditions.push(...dateRange(meetings.meetingDate, query.from, query.to));
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(meetings.meetingNumber, pattern), ilike(meetings.agenda, pattern))!);
  }
  return pageOfTable(db, {
    table: meetings,
    request: query,
    sortColumns: MEETING_SORT_COLUMNS,
    conditions,
    total: 'capped',
  });
}
