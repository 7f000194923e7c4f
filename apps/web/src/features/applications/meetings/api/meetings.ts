/** The Meetings screen's writes: creating a meeting and recording a decision (its lists are read through api/). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  committeeDecisionUpdate,
  statusesWaitingOn,
  type Application,
  type CommitteeDecision,
  type CommitteeType,
  type Meeting,
} from '@portal/contract';
import { meetingKeys } from '../../../../api/meetings';
import { api } from '../../../../lib/api-client';

/** The applications a meeting decides on: those waiting on the committee. */
export const PENDING_COMMITTEE = { status: statusesWaitingOn('committee').join(',') };

export interface NewMeeting {
  meeting_date: string;
  committee_type: CommitteeType;
  agenda: string;
  applications: string[];
}

export function useCreateMeeting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMeeting) => api.post<Meeting>('/meetings', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.all }),
  });
}

/** The Meetings screen's decision: the contract's one committeeDecisionUpdate, as on the application's own screen. */
export function useRecordDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      applicationId,
      decision,
      remarks,
    }: {
      applicationId: string;
      decision: CommitteeDecision;
      remarks: string;
    }) => api.put<Application>(`/applications/${applicationId}/status`, committeeDecisionUpdate(decision, remarks)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['applications'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
