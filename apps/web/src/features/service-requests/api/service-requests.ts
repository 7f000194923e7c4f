/** Service request calls, and the caller's applications and allotments to link a request to. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Allotment, Application, CreateServiceRequest, ServiceRequest } from '@portal/contract';
import { api } from '../../../lib/api-client';

const requestsKey = ['service-requests'] as const;

export function useServiceRequests() {
  return useQuery({ queryKey: requestsKey, queryFn: () => api.get<ServiceRequest[]>('/service-requests') });
}

export function useOwnApplications(enabled: boolean) {
  return useQuery({ queryKey: ['applications'], queryFn: () => api.get<Application[]>('/applications'), enabled });
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
