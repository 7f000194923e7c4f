/** The calls of the officer application screens: the list, one application with everything around it, and the
 * officers' actions (status, documents, allotment, lease deed, possession), with their query keys and hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Allotment,
  AllotmentType,
  Applicant,
  Application,
  ApplicationDocument,
  ApplicationStatus,
  Asset,
  Invoice,
  LeaseDeed,
  LeaseDeedVerdict,
  Payment,
  Possession,
  TimelineEvent,
  User,
} from '@portal/contract';
import { api, ApiError } from '../../../lib/api-client';

export const officerKeys = {
  list: ['applications'] as const,
  detail: (id: string) => ['applications', id] as const,
  documents: (id: string) => ['applications', id, 'documents'] as const,
  timeline: (id: string) => ['applications', id, 'timeline'] as const,
  invoices: (id: string) => ['invoices', { application_id: id }] as const,
  payments: (id: string) => ['payments', { application_id: id }] as const,
  allotment: (id: string) => ['allotments', { application_id: id }] as const,
  leaseDeed: (allotmentId: string) => ['allotments', allotmentId, 'lease-deed'] as const,
  possession: (allotmentId: string) => ['allotments', allotmentId, 'possession'] as const,
  asset: (id: string) => ['assets', id] as const,
  applicant: (id: string) => ['applicants', id] as const,
  users: ['users', 'all'] as const,
};

/** The spec tolerates these look-ups failing, and reads a failure as "none". A 401 still ends the session. */
async function orNone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    return null;
  }
}

export function useOfficerApplications() {
  return useQuery({ queryKey: officerKeys.list, queryFn: () => api.get<Application[]>('/applications') });
}

export function useApplication(id: string) {
  return useQuery({
    queryKey: officerKeys.detail(id),
    queryFn: () => api.get<Application>(`/applications/${id}`),
    retry: false,
  });
}

export function useDocuments(id: string) {
  return useQuery({
    queryKey: officerKeys.documents(id),
    queryFn: () => api.get<ApplicationDocument[]>(`/applications/${id}/documents`),
  });
}

export function useTimeline(id: string) {
  return useQuery({
    queryKey: officerKeys.timeline(id),
    queryFn: () => api.get<TimelineEvent[]>(`/applications/${id}/timeline`),
  });
}

export function useInvoices(id: string) {
  return useQuery({
    queryKey: officerKeys.invoices(id),
    queryFn: () => api.get<Invoice[]>('/invoices', { query: { application_id: id } }),
  });
}

export function usePayments(id: string) {
  return useQuery({
    queryKey: officerKeys.payments(id),
    queryFn: () => api.get<Payment[]>('/payments', { query: { application_id: id } }),
  });
}

export function useAsset(id: string | undefined) {
  return useQuery({
    queryKey: officerKeys.asset(id ?? ''),
    queryFn: () => api.get<Asset>(`/assets/${id}`),
    enabled: Boolean(id),
  });
}

/** The applicant's profile for the letters; a failure is tolerated (the letters show N/A). */
export function useApplicant(id: string | undefined) {
  return useQuery({
    queryKey: officerKeys.applicant(id ?? ''),
    queryFn: () => orNone(api.get<Applicant>(`/applicants/${id}`)),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The application's allotment (the active one first), or null. */
export function useAllotment(applicationId: string) {
  return useQuery({
    queryKey: officerKeys.allotment(applicationId),
    queryFn: async () => {
      const list = await api.get<Allotment[]>('/allotments', { query: { application_id: applicationId } });
      return list.find((allotment) => allotment.status === 'active') ?? list[0] ?? null;
    },
  });
}

/** The latest lease deed, or null (none yet, or the fetch failed: the spec treats both as none). */
export function useLeaseDeed(allotmentId: string | undefined) {
  return useQuery({
    queryKey: officerKeys.leaseDeed(allotmentId ?? ''),
    queryFn: () => orNone(api.get<LeaseDeed>(`/allotments/${allotmentId}/lease-deed`)),
    enabled: Boolean(allotmentId),
    retry: false,
  });
}

export function usePossession(allotmentId: string | undefined) {
  return useQuery({
    queryKey: officerKeys.possession(allotmentId ?? ''),
    queryFn: () => orNone(api.get<Possession>(`/allotments/${allotmentId}/possession`)),
    enabled: Boolean(allotmentId),
    retry: false,
  });
}

/** All users (for names); a failure gives an empty list, as the spec says of the committee list. */
export function useUsers() {
  return useQuery({
    queryKey: officerKeys.users,
    queryFn: async () => (await orNone(api.get<User[]>('/users'))) ?? [],
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Committee members for assignment: GET /users filtered on the client to role committee. */
export function committeeMembers(users: User[] | undefined): User[] {
  return (users ?? []).filter((user) => user.role === 'committee' && user.is_active);
}

/** After any action the application and everything hanging off it may have changed. */
function useRefreshApplication(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['applications'] }),
      queryClient.invalidateQueries({ queryKey: ['allotments'] }),
      queryClient.invalidateQueries({ queryKey: officerKeys.invoices(id) }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export interface StatusUpdate {
  status: ApplicationStatus;
  current_stage: string;
  assigned_to?: string | null;
}

export function useUpdateStatus(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: (body: StatusUpdate) => api.put<Application>(`/applications/${id}/status`, body),
    onSuccess: refresh,
  });
}

export function useVerifyDocument(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: ({ documentId, verified }: { documentId: string; verified: boolean }) =>
      api.put<ApplicationDocument>(`/applications/${id}/documents/${documentId}/verify`, undefined, {
        query: { verified },
      }),
    onSuccess: refresh,
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
    onSuccess: refresh,
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
    onSuccess: refresh,
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
    onSuccess: refresh,
  });
}

/** Downloads a file from an authorised endpoint and hands it to the browser under its name. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await api.blob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
