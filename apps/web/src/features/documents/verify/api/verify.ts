/** The public verification of an issued document: GET /verify/{code}, no sign-in. */
import { useQuery } from '@tanstack/react-query';
import type { VerifiedDocument } from '@portal/contract';
import { api } from '../../../../lib/api-client';

export const verifyKey = (code: string) => ['verify', code] as const;

export function useVerification(code: string) {
  return useQuery({
    queryKey: verifyKey(code),
    queryFn: () => api.get<VerifiedDocument>(`/verify/${encodeURIComponent(code)}`),
    // A 404 (unknown code) or 429 (too many look-ups) will not change by asking again at once.
    retry: false,
  });
}
