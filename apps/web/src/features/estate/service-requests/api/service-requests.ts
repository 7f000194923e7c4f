/** Service request calls beyond the list (which is read through api/): raise one, read one, move one on (officers),
 * and the fee invoice of an approved one and its payment (the entrepreneur). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Application,
  CreateServiceRequest,
  Invoice,
  ServiceRequest,
  ServiceRequestStatus,
  SupplyServiceParticulars,
} from '@portal/contract';
import { allotmentKeys } from '../../../../api/allotments';
import { applicationKeys, fetchApplication } from '../../../../api/applications';
import { invoiceKeys } from '../../../../api/invoices';
import { paymentKeys } from '../../../../api/payments';
import { serviceRequestKeys } from '../../../../api/service-requests';
import { api } from '../../../../lib/api-client';

const requestsKey = serviceRequestKeys.all;
const detailKey = (id: string) => [...requestsKey, 'detail', id] as const;
/** One application's service fees are few: one page of them holds every one. */
const SERVICE_FEE_PAGE = 200;

/** Everything a change to a request, its invoice or its payment may have touched (a paid extension of time moves its
 * milestone, an approved surrender ends its allotment). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestsKey }),
      queryClient.invalidateQueries({ queryKey: allotmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
    ]);
}

export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateServiceRequest) => api.post<ServiceRequest>('/service-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}

/** One request; `retry: false` so a 404 shows at once. */
export function useServiceRequest(id: string) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: () => api.get<ServiceRequest>(`/service-requests/${id}`),
    retry: false,
  });
}

/** The application a request is for, to name it by number; a failed look-up only leaves the number out. */
export function useRequestApplication(applicationId: string | null) {
  return useQuery<Application>({
    queryKey: applicationKeys.detail(applicationId ?? ''),
    queryFn: () => fetchApplication(applicationId!),
    enabled: applicationId !== null,
    retry: false,
  });
}

export interface ServiceRequestMove {
  status: ServiceRequestStatus;
  remarks?: string;
}

/** An officer moves a request on (PATCH), with remarks. */
export function useUpdateServiceRequest(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (move: ServiceRequestMove) => api.patch<ServiceRequest>(`/service-requests/${id}`, move),
    onSuccess: () => refresh(),
  });
}

/** The applicant gives the particulars a request asks for (PUT); the answer is the request as it now stands. */
export function useSupplyParticulars(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SupplyServiceParticulars) =>
      api.put<ServiceRequest>(`/service-requests/${id}/particulars`, body),
    onSuccess: async (request) => {
      queryClient.setQueryData(detailKey(id), request);
      await queryClient.invalidateQueries({ queryKey: requestsKey });
    },
  });
}

/** The fee invoice of an approved request, read among its application's service fees. */
export function useServiceFeeInvoice(request: ServiceRequest | undefined) {
  const invoiceId = request?.invoice_id ?? null;
  const applicationId = request?.application_id ?? null;
  return useQuery({
    queryKey: [...invoiceKeys.all, 'service-fee', invoiceId],
    queryFn: async () => {
      const page = await api.page<Invoice>('/invoices', {
        application_id: applicationId,
        invoice_type: ['service_fee'],
        limit: SERVICE_FEE_PAGE,
      });
      return page.items.find((invoice) => invoice.id === invoiceId) ?? null;
    },
    enabled: invoiceId !== null && applicationId !== null,
  });
}

/** Pays a fee invoice online (the portal's mock payment, as for the application's own invoices). */
