/** The calls of the entrepreneur's application screens, with their query keys and hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Allotment,
  Applicant,
  Application,
  ApplicationDocument,
  Asset,
  CreateApplicationRequest,
  DocumentType,
  Invoice,
  LeaseDeed,
  Payment,
  Possession,
  SubmitApplicationResponse,
  TimelineEvent,
} from '@portal/contract';
import { api, ApiError } from '../../../lib/api-client';

export const applicationKeys = {
  all: ['applications'] as const,
  detail: (id: string) => ['applications', id] as const,
  documents: (id: string) => ['applications', id, 'documents'] as const,
  timeline: (id: string) => ['applications', id, 'timeline'] as const,
  invoices: (id: string) => ['invoices', { application_id: id }] as const,
  payments: (id: string) => ['payments', { application_id: id }] as const,
  allotments: (id: string) => ['allotments', { application_id: id }] as const,
  leaseDeed: (allotmentId: string) => ['allotments', allotmentId, 'lease-deed'] as const,
  possession: (allotmentId: string) => ['allotments', allotmentId, 'possession'] as const,
  availableAssets: ['assets', 'available'] as const,
  asset: (id: string) => ['assets', id] as const,
  myProfile: ['applicants', 'me'] as const,
};

/** A 404 means "none yet"; the spec tolerates other failures of these look-ups too, as none. */
async function orNone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    return null;
  }
}

export function useApplications() {
  return useQuery({ queryKey: applicationKeys.all, queryFn: () => api.get<Application[]>('/applications') });
}

export function useApplication(id: string) {
  return useQuery({ queryKey: applicationKeys.detail(id), queryFn: () => api.get<Application>(`/applications/${id}`) });
}

export function useDocuments(id: string) {
  return useQuery({
    queryKey: applicationKeys.documents(id),
    queryFn: () => api.get<ApplicationDocument[]>(`/applications/${id}/documents`),
  });
}

export function useTimeline(id: string) {
  return useQuery({
    queryKey: applicationKeys.timeline(id),
    queryFn: () => api.get<TimelineEvent[]>(`/applications/${id}/timeline`),
  });
}

export function useInvoices(id: string) {
  return useQuery({
    queryKey: applicationKeys.invoices(id),
    queryFn: () => api.get<Invoice[]>('/invoices', { query: { application_id: id } }),
  });
}

export function usePayments(id: string) {
  return useQuery({
    queryKey: applicationKeys.payments(id),
    queryFn: () => api.get<Payment[]>('/payments', { query: { application_id: id } }),
  });
}

export function useAvailableAssets() {
  return useQuery({ queryKey: applicationKeys.availableAssets, queryFn: () => api.get<Asset[]>('/assets/available') });
}

export function useAsset(id: string | undefined) {
  return useQuery({
    queryKey: applicationKeys.asset(id ?? ''),
    queryFn: () => api.get<Asset>(`/assets/${id}`),
    enabled: Boolean(id),
  });
}

/** The caller's profile, or null when there is none (or the look-up failed: the spec counts that as none). */
export function useMyProfile() {
  return useQuery({
    queryKey: applicationKeys.myProfile,
    queryFn: () => orNone(api.get<Applicant>('/applicants/me')),
    retry: false,
    staleTime: 0,
  });
}

/** The application's allotment (the active one first), or null. */
export function useAllotment(applicationId: string) {
  return useQuery({
    queryKey: applicationKeys.allotments(applicationId),
    queryFn: async () => {
      const list = await orNone(api.get<Allotment[]>('/allotments', { query: { application_id: applicationId } }));
      return list?.find((allotment) => allotment.status === 'active') ?? list?.[0] ?? null;
    },
  });
}

export function useLeaseDeed(allotmentId: string | undefined) {
  return useQuery({
    queryKey: applicationKeys.leaseDeed(allotmentId ?? ''),
    queryFn: () => orNone(api.get<LeaseDeed>(`/allotments/${allotmentId}/lease-deed`)),
    enabled: Boolean(allotmentId),
    retry: false,
  });
}

export function usePossession(allotmentId: string | undefined) {
  return useQuery({
    queryKey: applicationKeys.possession(allotmentId ?? ''),
    queryFn: () => orNone(api.get<Possession>(`/allotments/${allotmentId}/possession`)),
    enabled: Boolean(allotmentId),
    retry: false,
  });
}

export function createApplication(body: CreateApplicationRequest): Promise<Application> {
  return api.post<Application>('/applications', body);
}

export function uploadDocument(
  applicationId: string,
  documentType: DocumentType,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ApplicationDocument> {
  const form = new FormData();
  form.append('document_type', documentType);
  form.append('file', file);
  return api.upload<ApplicationDocument>(`/applications/${applicationId}/documents`, form, onProgress);
}

export function downloadDocument(applicationId: string, documentId: string): Promise<Blob> {
  return api.blob(`/applications/${applicationId}/documents/${documentId}/file`);
}

/** Everything a change to one application may have touched. */
export function useRefreshApplication(id: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      queryClient.invalidateQueries({ queryKey: ['payments'] }),
      queryClient.invalidateQueries({ queryKey: ['allotments'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]).then(() => id);
}

export function useSubmitApplication(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: () => api.post<SubmitApplicationResponse>(`/applications/${id}/submit`),
    onSuccess: () => refresh(),
  });
}

export function usePayInvoice(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: (invoice: Invoice) =>
      api.post<Payment>('/payments', {
        invoice_id: invoice.id,
        application_id: invoice.application_id,
        amount: invoice.amount,
        payment_method: 'online',
        transaction_reference: `MOCK-${Date.now()}`,
      }),
    onSuccess: () => refresh(),
  });
}

export function useUploadLeaseDeed(applicationId: string) {
  const refresh = useRefreshApplication(applicationId);
  return useMutation({
    mutationFn: ({
      allotmentId,
      file,
      onProgress,
    }: {
      allotmentId: string;
      file: File;
      onProgress?: (fraction: number) => void;
    }) => {
      const form = new FormData();
      form.append('file', file);
      return api.upload<LeaseDeed>(`/allotments/${allotmentId}/lease-deed`, form, onProgress);
    },
    onSuccess: () => refresh(),
  });
}
