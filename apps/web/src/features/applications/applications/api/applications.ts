/** The entrepreneur's own application calls (create, upload, submit, lease deed) and the refresh after any change
 * to an application, either side's; the reads are in api/. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Application,
  ApplicationDocument,
  CreateApplicationRequest,
  DocumentType,
  LeaseDeed,
  LeaseDeedEsignStart,
  SubmitApplicationResponse,
} from '@portal/contract';
import { allotmentKeys } from '../../../../api/allotments';
import { applicationKeys } from '../../../../api/applications';
import { invoiceKeys } from '../../../../api/invoices';
import { paymentKeys } from '../../../../api/payments';
import { api } from '../../../../lib/api-client';

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

export function submitApplication(id: string): Promise<SubmitApplicationResponse> {
  return api.post<SubmitApplicationResponse>(`/applications/${id}/submit`);
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
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      queryClient.invalidateQueries({ queryKey: allotmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]).then(() => id);
}

export function useSubmitApplication(id: string) {
  const refresh = useRefreshApplication(id);
  return useMutation({
    mutationFn: () => submitApplication(id),
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

/** Sends the whole page to the eSign provider: a POST form with the portal's signed request, as the eSign API asks
 * (decision 035). The provider sends the browser back to the application's page with the result. */
export function goToEsignProvider(start: LeaseDeedEsignStart): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = start.esp_url;
  form.hidden = true;
  const fields = { [start.esign_request_field]: start.esign_request, [start.txn_field]: start.txn };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Starts the holder's Aadhaar eSign of the lease deed: the server prepares the deed and signs the request; on
 * success the browser leaves for the eSign provider. */
export function useStartLeaseDeedEsign(navigate: (start: LeaseDeedEsignStart) => void = goToEsignProvider) {
  return useMutation({
    mutationFn: (allotmentId: string) => api.post<LeaseDeedEsignStart>(`/allotments/${allotmentId}/lease-deed/esign`),
    onSuccess: navigate,
  });
}
