/** The portal's clock (admin, decision 026): reading it, and moving it forward when the portal runs with
 * CLOCK=movable. A move changes what every screen reads (due dates, late cases, dues), so every query is read again. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClockAdvanceBody, ClockAdvanceResult, PortalClock } from '@portal/contract';
import { api } from '../../../lib/api-client';

export const clockKeys = { clock: ['admin', 'clock'] as const };

export function usePortalClock() {
  return useQuery({
    queryKey: clockKeys.clock,
    queryFn: ({ signal }) => api.get<PortalClock>('/admin/clock', { signal }),
  });
}

export function useAdvanceClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClockAdvanceBody) => api.post<ClockAdvanceResult>('/admin/clock/advance', body),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
