import {
  adminUserSchema,
  deleteUserResponseSchema,
  userCascadeCountsSchema,
  type AdminUser,
  type CreateUserRequest,
  type UpdateUserRequest,
} from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const adminUsersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-users', 'list'],
    queryFn: ({ signal }): Promise<AdminUser[]> => apiRequest('/admin/users', z.array(adminUserSchema), { signal }),
  });

/** What deleting the user would remove, shown before the admin confirms. */
export const userDeletePreviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin-users', 'delete-preview', id],
    queryFn: ({ signal }) => apiRequest(`/admin/users/${id}/delete-preview`, userCascadeCountsSchema, { signal }),
  });

export const useAdminUsers = () => useQuery(adminUsersQueryOptions());

export type SaveUser =
  { mode: 'create'; body: CreateUserRequest } | { mode: 'update'; id: number; body: UpdateUserRequest };

export function saveUser(request: SaveUser): Promise<AdminUser> {
  return request.mode === 'create'
    ? apiRequest('/admin/users', adminUserSchema, { method: 'POST', body: request.body })
    : apiRequest(`/admin/users/${request.id}`, adminUserSchema, { method: 'PUT', body: request.body });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    // after a refusal too: one for a copy older than another admin's edit lists that edit on reopening
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-users'] }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/admin/users/${id}`, deleteUserResponseSchema, { method: 'DELETE' }),
    // not the deleted user's own preview: read again while its dialog closes, it could only 404
    onSuccess: (_answer, id) =>
      queryClient.invalidateQueries({
        queryKey: ['admin-users'],
        predicate: (query) => query.queryKey[1] !== 'delete-preview' || query.queryKey[2] !== id,
      }),
  });
}
