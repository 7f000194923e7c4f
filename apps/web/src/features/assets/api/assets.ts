/** The Assets screen's calls: the list, creating one asset, and importing a CSV file of assets. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Asset, AssetImportReport, CreateAssetRequest } from '@portal/contract';
import { api } from '../../../lib/api-client';

export const assetKeys = { all: ['assets'] as const };

export function useAssets() {
  return useQuery({ queryKey: assetKeys.all, queryFn: () => api.get<Asset[]>('/assets') });
}

function useRefreshAssets() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assetKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useCreateAsset() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: (body: CreateAssetRequest) => api.post<Asset>('/assets', body),
    onSuccess: refresh,
  });
}

/** POST /assets/import as multipart (field `file`). A refused file rejects with an ApiError whose body is the report. */
export function useImportAssets() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<AssetImportReport>('/assets/import', form);
    },
    onSuccess: refresh,
  });
}
