import { folderDeleteResponseSchema, folderSchema, type Folder, type FolderInput } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** An admin's view of one user's gallery folders (DESIGN section 3: the same entity). */
export const userFoldersQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['admin-users', userId, 'folders'],
    queryFn: ({ signal }): Promise<Folder[]> =>
      apiRequest(`/admin/users/${userId}/folders`, z.array(folderSchema), { signal }),
  });

export const useUserFolders = (userId: number) => useQuery(userFoldersQueryOptions(userId));

/** The folder list and the users table's folder count both change. */
function useInvalidateFolders(userId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userFoldersQueryOptions(userId).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['admin-users', 'list'] }),
    ]);
}

export function useSaveUserFolder(userId: number) {
  const onSuccess = useInvalidateFolders(userId);
  return useMutation({
    mutationFn: ({ id, ...body }: FolderInput & { id?: number }) =>
      id === undefined
        ? apiRequest(`/admin/users/${userId}/folders`, folderSchema, { method: 'POST', body })
        : apiRequest(`/admin/users/${userId}/folders/${id}`, folderSchema, { method: 'PUT', body }),
    onSuccess,
  });
}

export function useDeleteUserFolder(userId: number) {
  const onSuccess = useInvalidateFolders(userId);
  return useMutation({
    mutationFn: (folderId: number) =>
      apiRequest(`/admin/users/${userId}/folders/${folderId}`, folderDeleteResponseSchema, { method: 'DELETE' }),
    onSuccess,
  });
}
