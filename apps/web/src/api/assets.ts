/** Assets as more than one feature reads them: the query keys, the fetcher of one asset and its hook. */
import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@portal/contract';
import { api } from '../lib/api-client';

export const assetKeys = {
  all: ['assets'] as const,
  available: ['assets', 'available'] as const,
  detail: (id: string) => ['assets', id] as const,
};

export const fetchAsset = (id: string) => api.get<Asset>(`/assets/${id}`);

/** One asset; waits until the id is known. */
export function useAsset(id: string | undefined) {
  return useQuery({ queryKey: assetKeys.detail(id ?? ''), queryFn: () => fetchAsset(id ?? ''), enabled: Boolean(id) });
}
