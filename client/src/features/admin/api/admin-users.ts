import {
  adminUserSchema,
  deleteUserResponseSchema,
  updateUserResponseSchema,
  userCascadeCountsSchema,
  type AdminUser,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UpdateUserResponse,
} from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { readStoredSession, replacingSession, type Session } from '../../../lib/session-storage';
import { seedSessionCheck } from '../../auth/api/get-session';
import { sessionAtom } from '../../auth/atoms/session-atom';

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

export function saveUser(request: SaveUser): Promise<UpdateUserResponse> {
  return request.mode === 'create'
    ? apiRequest('/admin/users', adminUserSchema, { method: 'POST', body: request.body })
    : apiRequest(`/admin/users/${request.id}`, updateUserResponseSchema, { method: 'PUT', body: request.body });
}

/**
 * Saving the signed-in admin's own new password ends their session and answers its successor,
 * taken on here at once; the browser's other tabs follow through local storage.
 */
function useSaveOwnPassword() {
  const queryClient = useQueryClient();
  const setSession = useSetAtom(sessionAtom);
  return (session: Session, request: SaveUser) =>
    replacingSession(session.token, async () => {
      const answer = await saveUser(request);
      if (answer.token) {
        const next = { token: answer.token, user: { id: answer.id, username: answer.username, role: answer.role } };
        seedSessionCheck(queryClient, next);
        setSession(next);
      }
      return answer;
    });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  const saveOwnPassword = useSaveOwnPassword();
  return useMutation({
    mutationFn: (request: SaveUser) => {
      const session = readStoredSession();
      const ownPassword = request.mode === 'update' && request.id === session?.user.id && request.body.password;
      return session && ownPassword ? saveOwnPassword(session, request) : saveUser(request);
    },
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
