/** Schemes as the web reads them (decision 018): the pages of schemes and of a scheme's entries, one scheme with the
 * reader's own entries, its lots, the public record, and the calls that publish, close, decide and bid. Every answer
 * is read through the contract's schema, so a shape the screens do not expect fails here, not in a render. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  liveLotSchema,
  publicSchemeSchema,
  schemeDetailSchema,
  schemeEntryRowSchema,
  schemeSchema,
  schemeSummarySchema,
  SCHEME_PATHS,
  type CreateSchemeRequest,
  type PlaceBidRequest,
} from '@portal/contract';
import { api, getPage, type ListParams, type Page } from '../lib/api-client';
import { applicationKeys } from './applications';

export const schemeKeys = {
  all: ['schemes'] as const,
  list: ['schemes', 'list'] as const,
  one: (id: string) => ['schemes', 'one', id] as const,
  entries: (id: string) => ['schemes', 'entries', id] as const,
  lots: (id: string) => ['schemes', 'lots', id] as const,
  public: (schemeNumber: string) => ['public', 'schemes', schemeNumber] as const,
};

async function parsedPage<T>(
  path: string,
  params: ListParams,
  schema: z.ZodType<T>,
  signal: AbortSignal,
): Promise<Page<T>> {
  const page = await getPage<unknown>(path, params, { signal });
  return { ...page, items: z.array(schema).parse(page.items) };
}

export function useSchemesPage(params: ListParams) {
  return useQuery({
    queryKey: [...schemeKeys.list, params],
    queryFn: ({ signal }) => parsedPage(SCHEME_PATHS.list, params, schemeSummarySchema, signal),
    placeholderData: keepPreviousData,
  });
}

/** While a draw waits for its beacon round the portal tries again every minute by itself, so the scheme is read again
 * as often: the page shows the result once the draw has run, with nobody pressing anything. */
const DRAW_WAIT_REREAD_MS = 60_000;

export function useScheme(id: string) {
  return useQuery({
    queryKey: schemeKeys.one(id),
    queryFn: async ({ signal }) => schemeDetailSchema.parse(await api.get(SCHEME_PATHS.one(id), { signal })),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.draw_wait ? DRAW_WAIT_REREAD_MS : false),
  });
}

export function useSchemeEntriesPage(id: string, params: ListParams) {
  return useQuery({
    queryKey: [...schemeKeys.entries(id), params],
    queryFn: ({ signal }) => parsedPage(SCHEME_PATHS.entries(id), params, schemeEntryRowSchema, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(id),
  });
}

/** Every lot of an auction as the signed-in bidder sees it: the live view's snapshot, and again after a dropped
 * stream. */
export async function fetchLots(id: string, signal?: AbortSignal) {
  return z.array(liveLotSchema).parse(await api.get(SCHEME_PATHS.lots(id), { signal }));
}

export function usePublicScheme(schemeNumber: string) {
  return useQuery({
    queryKey: schemeKeys.public(schemeNumber),
    queryFn: async ({ signal }) =>
      publicSchemeSchema.parse(await api.get(SCHEME_PATHS.public(schemeNumber), { signal })),
    enabled: Boolean(schemeNumber),
    // A 404 or a 429 will not change by asking again at once.
    retry: false,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: schemeKeys.all }),
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
    ]);
}

export function useCreateScheme() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CreateSchemeRequest) => schemeSchema.parse(await api.post(SCHEME_PATHS.list, body)),
    onSuccess: refresh,
  });
}

export function useCloseScheme(id: string) {
  const refresh = useRefresh();
  return useMutation({
    // The scheme is read again afterwards (refresh), so the answer's shape is not relied on.
    mutationFn: () => api.post<unknown>(SCHEME_PATHS.close(id)),
    onSuccess: refresh,
  });
}

/** What the decide answer is read for: 200 with the scheme decided, or (a draw whose beacon round is not had yet) 202
 * with it still closed and `draw_wait` saying why. The scheme itself is read again afterwards (refresh). */
const decideAnswerSchema = schemeDetailSchema.pick({ status: true, draw_wait: true });

export function useDecideScheme(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => decideAnswerSchema.parse(await api.post(SCHEME_PATHS.decide(id))),
    onSuccess: refresh,
  });
}

export function usePlaceBid(id: string) {
  return useMutation({
    mutationFn: async ({ plotId, body }: { plotId: string; body: PlaceBidRequest }) =>
      liveLotSchema.parse(await api.post(SCHEME_PATHS.bids(id, plotId), body)),
  });
}
