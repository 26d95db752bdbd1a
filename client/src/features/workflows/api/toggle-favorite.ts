import { favoriteResponseSchema, type Workflow } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { logger } from '../../../lib/logger';
import { workflowQueryOptions } from './get-workflow';

export function toggleFavorite(workflowId: number): Promise<{ is_favorite: boolean }> {
  return apiRequest(`/workflows/${workflowId}/favorite`, favoriteResponseSchema, { method: 'POST' });
}

/** Flips the star; the lists (favourites among them) refetch. A failure is only logged (SPEC section 8). */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workflows', 'favorite'],
    mutationFn: toggleFavorite,
    onSuccess: ({ is_favorite }, workflowId) => {
      queryClient.setQueryData(workflowQueryOptions(workflowId).queryKey, (old: Workflow | undefined) =>
        old ? { ...old, is_favorite } : old,
      );
      return queryClient.invalidateQueries({ queryKey: ['workflows'] });
    },
    onError: (error) => logger.warn('favorite toggle failed', error),
  });
}
