/** The public verification of an issued document: GET /verify/{code}, and POST /verify, the check of a file; no
 * sign-in. */
import { useQuery } from '@tanstack/react-query';
import type { CheckedFile, VerifiedDocument } from '@portal/contract';
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

/** The portal's check of a PDF's signatures and whether it is exactly an issued document; the file is not kept. */
export function checkFile(file: Blob): Promise<CheckedFile> {
  return api.post<CheckedFile>('/verify', new Blob([file], { type: 'application/pdf' }));
}
