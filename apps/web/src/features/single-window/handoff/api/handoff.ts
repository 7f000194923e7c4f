/** The investor from the state's single window (decision 036): the handoff exchanged for a session, their CAF that
 * named no plot, and the draft made on the plot they choose. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { HandoffResponse, Me, OwnCaf } from '@portal/contract';
import { api, SINGLE_WINDOW_HANDOFF_PATH } from '../../../../lib/api-client';
import type { StoredSession } from '../../../../lib/session-storage';

/** POST the handoff; then the account it signed in, as the sign-in page stores it. */
export async function takeHandoff(
  cafId: string,
  token: string,
): Promise<{ session: StoredSession; language: Me['language']; answer: HandoffResponse }> {
  const answer = await api.post<HandoffResponse>(SINGLE_WINDOW_HANDOFF_PATH, { caf_id: cafId, token });
  const { language, ...user } = await api.get<Me>('/auth/me', { token: answer.access_token });
  return { session: { token: answer.access_token, user }, language, answer };
}

export const cafKeys = { detail: (cafId: string) => ['single-window', 'caf', cafId] as const };

export function useOwnCaf(cafId: string) {
  return useQuery({
    queryKey: cafKeys.detail(cafId),
    queryFn: ({ signal }) => api.get<OwnCaf>(`/single-window/cafs/${encodeURIComponent(cafId)}`, { signal }),
  });
}

export function useCompleteCaf(cafId: string) {
  return useMutation({
    mutationFn: (assetId: string) =>
      api.post<OwnCaf>(`/single-window/cafs/${encodeURIComponent(cafId)}/application`, { asset_id: assetId }),
  });
}
