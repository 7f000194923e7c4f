/** Service requests as the screens read them: the query keys and a page of the list. */
import type { ServiceRequest } from '@portal/contract';
import type { ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';

export const serviceRequestKeys = { all: ['service-requests'] as const };

/** One page of the caller's service requests (SERVICE_REQUEST_LIST's sort, filters and search). */
export function useServiceRequestPage(params: ListParams) {
  return usePageQuery<ServiceRequest>(serviceRequestKeys.all, '/service-requests', params);
}
