/** Committee meetings as the screens read them: the query keys and a page of the list. */
import type { Meeting } from '@portal/contract';
import type { ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';

export const meetingKeys = { all: ['meetings'] as const };

/** One page of the meetings kept so far (MEETING_LIST's sort, filters and search). */
export function useMeetingPage(params: ListParams) {
  return usePageQuery<Meeting>(meetingKeys.all, '/meetings', params);
}
