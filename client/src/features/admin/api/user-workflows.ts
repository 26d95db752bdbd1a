import { userWorkflowsResponseSchema, workflowGrantResponseSchema } from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A user's workflow permissions (SPEC section 6). */
export const userWorkflowsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['admin-users', userId, 'workflows'],
    queryFn: ({ signal }) => apiRequest(`/admin/users/${userId}/workflows`, userWorkflowsResponseSchema, { signal }),
  });

export const useUserWorkflows = (userId: number) => useQuery(userWorkflowsQueryOptions(userId));

export function useSetWorkflowAccess(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowId, hasAccess }: { workflowId: number; hasAccess: boolean }) =>
      apiRequest(`/admin/users/${userId}/workflows/${workflowId}`, workflowGrantResponseSchema, {
        method: hasAccess ? 'POST' : 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userWorkflowsQueryOptions(userId).queryKey }),
  });
}
