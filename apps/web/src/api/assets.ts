/** Assets as more than one feature reads them: the query keys, the pages of the list and of the available ones, one
 * asset, the zones and a zone's plot map. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Asset, ZoneList, ZoneMap } from '@portal/contract';
import { api, type ListParams } from '../lib/api-client';
import { usePageQuery } from './page-query';

export const assetKeys = {
  all: ['assets'] as const,
  available: ['assets', 'available'] as const,
  detail: (id: string) => ['assets', id] as const,
  zones: ['assets', 'zones'] as const,
  zoneMap: (zone: string) => ['assets', 'map', zone] as const,
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

/** The zones that hold assets, in order. */
export function useZones() {
  return useQuery({
    queryKey: assetKeys.zones,
    queryFn: ({ signal }) => api.get<ZoneList>('/assets/zones', { signal }),
    staleTime: 60_000,
  });
}

/** A zone's plot layout with each plot's live status; waits until a zone is chosen. */
export function useZoneMap(zone: string | undefined) {
  return useQuery({
    queryKey: assetKeys.zoneMap(zone ?? ''),
    queryFn: ({ signal }) => api.get<ZoneMap>('/assets/map', { signal, query: { zone: zone ?? '' } }),
    enabled: Boolean(zone),
    placeholderData: keepPreviousData,
  });
}
