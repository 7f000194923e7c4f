/** Show-cause notices (cancellation for non-compliance): an allotment's notices, one notice, and the calls that issue
 * one, reply to it, attach a document to the reply and order on it. Every change refreshes the notices and the
 * allotments (an allotment names its open notice, and an order may cancel it). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DecideShowCauseRequest, IssueShowCauseRequest, ReplyShowCauseRequest, ShowCause } from '@portal/contract';
import { allotmentKeys } from './allotments';
import { api } from '../lib/api-client';
import { saveFile } from '../lib/save-file';

export const showCauseKeys = {
  all: ['show-causes'] as const,
  ofAllotment: (allotmentId: string) => ['show-causes', 'allotment', allotmentId] as const,
  one: (id: string) => ['show-causes', id] as const,
};

/** The allotment's notices, newest first. */
export function useShowCauses(allotmentId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: showCauseKeys.ofAllotment(allotmentId ?? ''),
    queryFn: ({ signal }) => api.get<ShowCause[]>(`/allotments/${allotmentId}/show-causes`, { signal }),
    enabled: enabled && Boolean(allotmentId),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: showCauseKeys.all }),
      queryClient.invalidateQueries({ queryKey: allotmentKeys.all }),
    ]);
}

export function useIssueShowCause() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ allotmentId, body }: { allotmentId: string; body: IssueShowCauseRequest }) =>
      api.post<ShowCause>(`/allotments/${allotmentId}/show-causes`, body),
    onSuccess: refresh,
  });
}

export function useReplyShowCause() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReplyShowCauseRequest }) =>
      api.post<ShowCause>(`/show-causes/${id}/reply`, body),
    onSuccess: refresh,
  });
}

export function useUploadShowCauseDocument() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<ShowCause>(`/show-causes/${id}/documents`, form);
    },
    onSuccess: refresh,
  });
}

export function useDecideShowCause() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideShowCauseRequest }) =>
      api.post<ShowCause>(`/show-causes/${id}/order`, body),
    onSuccess: refresh,
  });
}

/** Saves one of the reply's files under its own name. */
export async function downloadShowCauseDocument(id: string, documentId: string, fileName: string): Promise<void> {
  saveFile(await api.blob(`/show-causes/${id}/documents/${documentId}/file`), fileName);
}
