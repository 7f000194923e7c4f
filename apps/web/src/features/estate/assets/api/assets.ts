/** The Assets screen's writes: creating one asset, editing one, and importing a CSV file of assets (the list, the
 * zones and the zone maps are in api/). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Asset, AssetImportReport, CreateAssetRequest, UpdateAssetRequest } from '@portal/contract';
import { assetKeys } from '../../../../api/assets';
import { api } from '../../../../lib/api-client';

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

export function useUpdateAsset() {
  const refresh = useRefreshAssets();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAssetRequest }) => api.patch<Asset>(`/assets/${id}`, body),
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
