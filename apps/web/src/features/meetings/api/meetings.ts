/** The Meetings screen's calls: applications pending committee, the kept meetings, creating one, and the decision. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  meetingDecisionUpdate,
  type Application,
  type CommitteeDecision,
  type CommitteeType,
  type Meeting,
} from '@portal/contract';
import { api } from '../../../lib/api-client';

export const meetingKeys = {
  pending: ['applications', { status: 'pending_committee' }] as const,
  meetings: ['meetings'] as const,
};

export function usePendingCommittee() {
  return useQuery({
    queryKey: meetingKeys.pending,
    queryFn: () => api.get<Application[]>('/applications', { query: { status: 'pending_committee' } }),
  });
}

export function useMeetings() {
  return useQuery({ queryKey: meetingKeys.meetings, queryFn: () => api.get<Meeting[]>('/meetings') });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meetingKeys.meetings }),
  });
}

/** The Meetings screen's decision: the contract's meetingDecisionUpdate (approved → approved, 'pending payment'; otherwise rejected). */
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
    }) => api.put<Application>(`/applications/${applicationId}/status`, meetingDecisionUpdate(decision, remarks)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['applications'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
