/** Service request calls, and the caller's allotments to link a request to (their applications come from api/). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Allotment, CreateServiceRequest, ServiceRequest } from '@portal/contract';
import { api } from '../../../lib/api-client';

const requestsKey = ['service-requests'] as const;

export function useServiceRequests() {
  return useQuery({ queryKey: requestsKey, queryFn: () => api.get<ServiceRequest[]>('/service-requests') });
}

/** The caller's allotments; a failure leaves the choice empty rather than blocking the request. */
export function useOwnAllotments(enabled: boolean) {
  return useQuery({
    queryKey: ['allotments', 'own'],
    queryFn: () => api.get<Allotment[]>('/allotments').catch(() => [] as Allotment[]),
    enabled,
  });
}

export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateServiceRequest) => api.post<ServiceRequest>('/service-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}
