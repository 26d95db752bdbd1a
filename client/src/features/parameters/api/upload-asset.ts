import { ASSET_DISPLAY_NAME_MAX, assetSchema, type Asset } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assetsQueryOptions } from './get-assets';
import { clipText } from '../../../lib/clip-text';

/** The name an upload is listed under: its file name without the extension. */
export function assetDisplayName(fileName: string): string {
  const stem = fileName.replace(/\.[^.]*$/, '').trim();
  return clipText(stem || fileName, ASSET_DISPLAY_NAME_MAX);
}

export function uploadAsset(file: File): Promise<Asset> {
  const form = new FormData();
  form.append('file', file);
  form.append('display_name', assetDisplayName(file.name));
  return apiRequest('/assets', assetSchema, { method: 'POST', body: form });
}

/** Uploads one image to the shared assets; it is in the pickers at once, without a refetch. */
export function useUploadAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['assets', 'upload'],
    mutationFn: uploadAsset,
    onSuccess: (asset) => {
      // the same image sent again answers the asset already stored: listed once
      queryClient.setQueryData(assetsQueryOptions().queryKey, (list) =>
        list && !list.some((a) => a.id === asset.id) ? [asset, ...list] : list,
      );
      void queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey });
    },
  });
}
