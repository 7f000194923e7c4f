/** The officers' application calls: the committee members (for names and assignment), and the officers' actions
 * (status, documents, allotment, lease deed, possession); the reads they share with other screens are in api/. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  Allotment,
  AllotmentType,
  Application,
  ApplicationDocument,
  ApplicationStatus,
  LeaseDeed,
  LeaseDeedVerdict,
  Possession,
  Stage,
  User,
} from '@portal/contract';
import { orNone } from '../../../../api/or-none';
import { userKeys } from '../../../../api/users';
import { api, getPage } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/save-file';
import { useRefreshApplication } from './applications';

/** The active committee members whose name or email holds `q` (the first 200 by name: a committee is small); a
 * failure gives an empty list, as the spec says of the committee list. */
export function useCommitteeMembers(q = '') {
  return useQuery({
    queryKey: [...userKeys.all, 'committee', q],
    queryFn: async () =>
      (
        await orNone(
          getPage<User>('/users', { role: 'committee', is_active: 'true', q, sort: 'full_name', limit: 200 }),
        )
      )?.items ?? [],
    retry: false,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Committee members for assignment; the server filters by role, this keeps an answer that did not to them. */
export function committeeMembers(users: User[] | undefined): User[] {
  return (users ?? []).filter((user) => user.role === 'committee' && user.is_active);
}

export interface StatusUpdate {
  status: ApplicationStatus;
  current_stage: string;
  /** The stage as a code, when it is the portal's (see the contract's stages.ts); absent for an officer's words. */
  stage?: Stage;
  assigned_to?: string | null;
}

export function useUpdateStatus(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: (body: StatusUpdate) => api.put<Application>(`/applications/${id}/status`, body),
    onSuccess: () => refresh(),
  });
}

export function useVerifyDocument(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: ({ documentId, verified }: { documentId: string; verified: boolean }) =>
      api.put<ApplicationDocument>(`/applications/${id}/documents/${documentId}/verify`, undefined, {
        query: { verified },
      }),
    onSuccess: () => refresh(),
  });
}

export interface NewAllotment {
  application_id: string;
  asset_id: string;
  allotment_type: AllotmentType;
  allotment_date: string;
  expiry_date: string | null;
}

export function useCreateAllotment(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: (body: NewAllotment) => api.post<Allotment>('/allotments', body),
    onSuccess: () => refresh(),
  });
}

export function useVerifyLeaseDeed(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: ({
      allotmentId,
      ...body
    }: {
      allotmentId: string;
      verification_status: LeaseDeedVerdict;
      remarks: string;
    }) => api.put<LeaseDeed>(`/allotments/${allotmentId}/lease-deed/verify`, body),
    onSuccess: () => refresh(),
  });
}

export interface NewPossession {
  possession_date: string;
  area_verified: number;
  boundary_marked: boolean;
  remarks: string;
}

export function useRecordPossession(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: ({ allotmentId, ...body }: NewPossession & { allotmentId: string }) =>
      api.post<Possession>(`/allotments/${allotmentId}/possession`, body),
    onSuccess: () => refresh(),
  });
}

/** Downloads a file from an authorised endpoint and hands it to the browser under its name. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveFile(await api.blob(path), fileName);
}
