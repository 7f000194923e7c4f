/** The public performance figures: GET /public/performance, no sign-in. */
import { useQuery } from '@tanstack/react-query';
import type { PublicPerformance } from '@portal/contract';
import { api } from '../../../../lib/api-client';

export const performanceKey = ['public', 'performance'] as const;

export function usePublicPerformance() {
  return useQuery({
    queryKey: performanceKey,
    queryFn: () => api.get<PublicPerformance>('/public/performance'),
    // Worked out once a day: no need to ask again while the page is open.
    staleTime: 10 * 60_000,
    // A 429 (too many look-ups) will not change by asking again at once.
    retry: false,
  });
}
