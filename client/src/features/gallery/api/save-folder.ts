import { folderDeleteResponseSchema, folderSchema, type FolderInput } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { galleryQueryKeys } from './gallery-query-keys';

export function createFolder(input: FolderInput) {
  return apiRequest('/folders', folderSchema, { method: 'POST', body: input });
}

export function updateFolder(id: number, input: FolderInput) {
  return apiRequest(`/folders/${id}`, folderSchema, { method: 'PUT', body: input });
}

export function deleteFolder(id: number) {
  return apiRequest(`/folders/${id}`, folderDeleteResponseSchema, { method: 'DELETE' });
}

/** Folders change tiles, hotkeys and (renamed or deleted) the folder_path of their media: all of the gallery. */
function useGalleryMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryQueryKeys.all }),
  });
}

export const useCreateFolder = () => useGalleryMutation((input: FolderInput) => createFolder(input));
export const useUpdateFolder = () =>
  useGalleryMutation(({ id, input }: { id: number; input: FolderInput }) => updateFolder(id, input));
export const useDeleteFolder = () => useGalleryMutation((id: number) => deleteFolder(id));
