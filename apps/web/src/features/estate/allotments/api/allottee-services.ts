/** An allottee's calls on the plots they hold and are offered: ask for a service on a plot (the same call as New
 * Request on the service requests screen, with the allotment named), the transfers offered to them and accepting one,
 * a plot's history a page at a time, and the requests that took effect (for their orders). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Allotment,
  CreateServiceRequest,
  OpenServiceRequest,
  ServiceRequest,
  TimelineEvent,
  TransferOffer,
} from '@portal/contract';
import { allotmentKeys } from '../../../../api/allotments';
import { useServiceRequestPage, serviceRequestKeys } from '../../../../api/service-requests';
import { api, getPage, type Page } from '../../../../lib/api-client';

/** A plot's history is read a page at a time. */
export const HISTORY_PAGE = 20;
/** The entrepreneur's approved requests are few: one page of them holds the orders of every plot. */
const ORDERS_PAGE = 200;

const offersKey = [...serviceRequestKeys.all, 'transfers-offered'] as const;

/** Everything a request or an acceptance may have touched: the lists of requests and offers, and the plots. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: serviceRequestKeys.all }),
      // A pending request may change which services a plot still offers.
      queryClient.invalidateQueries({ queryKey: allotmentKeys.all }),
    ]);
}

/** The allotment as it stands once `request` is raised on it, as the server will next answer it (decision 020): the
 * service (for an extension, of that milestone) is open and refused, and an extension counts as used. */
export function withOpenRequest(allotment: Allotment, request: ServiceRequest): Allotment {
  const milestone = request.milestone ?? null;
  const open: OpenServiceRequest = {
    id: request.id,
    request_number: request.request_number,
    request_type: request.request_type,
    milestone,
    status: request.status === 'rejected' ? 'submitted' : request.status,
    submitted_at: request.submitted_at,
    invoice_id: request.invoice_id,
  };
  const services = allotment.services.map((row) =>
    row.request_type === request.request_type && row.milestone === milestone
      ? {
          ...row,
          allowed: false,
          refusal: {
            code: 'service_request_open' as const,
            params: { request_number: open.request_number, status: open.status },
          },
          open_request: open,
        }
      : row,
  );
  return {
    ...allotment,
    services,
    services_allowed: allotment.services_allowed.filter((type) =>
      services.some((row) => row.request_type === type && row.allowed),
    ),
    milestones: allotment.milestones.map((row) =>
      request.request_type === 'eot' && row.kind === milestone
        ? { ...row, extensions_used: row.extensions_used + 1, extensions_left: Math.max(0, row.extensions_left - 1) }
        : row,
    ),
  };
}

/** Asks for a service on a plot. The plot's card shows the request open at once (its page is patched from the
 * answer), then every list is read again. */
export function useAskForService() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateServiceRequest) => api.post<ServiceRequest>('/service-requests', body),
    onSuccess: (request) => {
      if (request.allotment_id) {
        queryClient.setQueriesData<Page<Allotment>>({ queryKey: [...allotmentKeys.all, 'page'] }, (page) =>
          page && Array.isArray(page.items)
            ? {
                ...page,
                items: page.items.map((item) =>
                  item.id === request.allotment_id && Array.isArray(item.services)
                    ? withOpenRequest(item, request)
                    : item,
                ),
              }
            : page,
        );
      }
      // Read again behind the patched card; the dialog does not wait for it.
      void refresh();
    },
  });
}

/** The transfers offered to the signed-in entrepreneur's email that wait for acceptance or are in progress. */
export function useTransfersOffered() {
  return useQuery({
    queryKey: offersKey,
    queryFn: ({ signal }) =>
      getPage<TransferOffer>('/service-requests/transfers-offered', { limit: ORDERS_PAGE }, { signal }),
  });
}

/** The transferee accepts a transfer offered to them. */
export function useAcceptTransfer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post<ServiceRequest>(`/service-requests/${id}/accept-transfer`),
    onSuccess: () => refresh(),
  });
}

/** One page of a plot's history (a previous holder's ends where their holding did). */
export function useAllotmentHistory(allotmentId: string, page: number, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...allotmentKeys.all, allotmentId, 'history', page],
    queryFn: ({ signal }) =>
      getPage<TimelineEvent>(
        `/allotments/${allotmentId}/history`,
        { limit: HISTORY_PAGE, offset: (page - 1) * HISTORY_PAGE },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The caller's approved requests; those that took effect have an order to download. The list has no allotment
 * filter, so one page of them serves every plot on the screen. */
export function useApprovedRequests() {
  return useServiceRequestPage({ status: ['approved'], limit: ORDERS_PAGE, sort: '-submitted_at' });
}
