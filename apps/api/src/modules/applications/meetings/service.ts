/** Committee meetings: kept on the server with their agenda and the applications placed on them. */
import { type CreateMeetingRequest, type Meeting, type MeetingListQuery } from '@portal/contract';
import type { Database } from '../../../db/client';
import { badRequest } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { actorOf, type CurrentUser } from '../../../plugins/auth';
import { findApplicationsByIds } from '../../../repositories/applications';
import { nextNumber } from '../../../repositories/counters';
import { insertMeeting, searchMeetings, toMeeting } from '../repositories/meetings';
import { recordEvent } from '../../../case/events';

export async function listAllMeetings(db: Database, query: MeetingListQuery): Promise<Page<Meeting>> {
  const page = await searchMeetings(db, query);
  return { ...page, items: page.items.map(toMeeting) };
}

export async function createMeeting(db: Database, user: CurrentUser, request: CreateMeetingRequest): Promise<Meeting> {
  const applicationIds = [...new Set(request.applications ?? [])];
  return db.transaction(async (tx) => {
    const found = await findApplicationsByIds(tx, applicationIds);
    if (found.length !== applicationIds.length) throw badRequest('One or more applications on the agenda do not exist');
    const meeting = await insertMeeting(tx, {
      meetingNumber: await nextNumber(tx, 'meeting'),
      meetingDate: request.meeting_date,
      committeeType: request.committee_type ?? 'slsc',
      agenda: request.agenda,
      applicationIds,
      createdBy: user.id,
    });
    const actor = actorOf(user);
    await recordEvent(tx, actor, {
      applicationId: null,
      code: 'meeting_created',
      params: {
        meeting_number: meeting.meetingNumber,
        meeting_date: meeting.meetingDate,
        committee_type: meeting.committeeType,
      },
      entityType: 'meeting',
      entityId: meeting.id,
    });
    for (const application of found) {
      await recordEvent(tx, actor, {
        applicationId: application.id,
        code: 'meeting_scheduled',
        params: {
          meeting_number: meeting.meetingNumber,
          meeting_date: meeting.meetingDate,
          committee_type: meeting.committeeType,
        },
        entityType: 'meeting',
        entityId: meeting.id,
      });
    }
    return toMeeting(meeting);
  });
}
