/** Creating a service request (the list and the records a request links to are read through api/). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceRequest, ServiceRequest } from '@portal/contract';
import { serviceRequestKeys } from '../../../api/service-requests';
import { api } from '../../../lib/api-client';

const requestsKey = serviceRequestKeys.all;

export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateServiceRequest) => api.post<ServiceRequest>('/service-requests', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsKey }),
  });
}
