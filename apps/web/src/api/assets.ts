/** Assets as more than one feature reads them: the query keys, the pages of the list and of the available ones, and
 * one asset. */
import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@portal/contract';
import { api, type ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';

export const assetKeys = {
  all: ['assets'] as const,
  available: ['assets', 'available'] as const,
  detail: (id: string) => ['assets', id] as const,
};

export const fetchAsset = (id: string) => api.get<Asset>(`/assets/${id}`);

/** One page of every asset (ASSET_LIST's sort, filters and search). */
export function useAssetPage(params: ListParams) {
  return usePageQuery<Asset>(assetKeys.all, '/assets', params);
}

/** One page of the assets open for application (the same sort, filters and search). */
export function useAvailableAssetPage(params: ListParams) {
  return usePageQuery<Asset>(assetKeys.available, '/assets/available', params);
}

/** One asset; waits until the id is known. */
export function useAsset(id: string | undefined) {
  return useQuery({ queryKey: assetKeys.detail(id ?? ''), queryFn: () => fetchAsset(id ?? ''), enabled: Boolean(id) });
}
