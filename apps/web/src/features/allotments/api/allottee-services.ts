/** An allottee asks for a service on a plot they hold (an extension of time for a milestone, or surrender): the same
 * call as New Request on the service requests screen, with the allotment (and the milestone) named. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceRequest, ServiceRequest } from '@portal/contract';
import { allotmentKeys } from '../../../api/allotments';
import { serviceRequestKeys } from '../../../api/service-requests';
import { api } from '../../../lib/api-client';

export function useAskForService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateServiceRequest) => api.post<ServiceRequest>('/service-requests', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceRequestKeys.all }),
        // A pending request may change which services a plot still offers.
        queryClient.invalidateQueries({ queryKey: allotmentKeys.all }),
      ]),
  });
}
