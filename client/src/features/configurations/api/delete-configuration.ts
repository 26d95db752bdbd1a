import { messageResponseSchema, type Configuration } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { configurationsQueryOptions } from './get-configurations';

export function deleteConfiguration(id: number): Promise<unknown> {
  return apiRequest(`/configurations/${id}`, messageResponseSchema, { method: 'DELETE' });
}

export function useDeleteConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['configurations', 'delete'],
    mutationFn: (configuration: Configuration) => deleteConfiguration(configuration.id),
    // settled, not success: a 404 means another tab deleted it, and the list should say so too
    onSettled: (_answer, _error, configuration) =>
      queryClient.invalidateQueries({ queryKey: configurationsQueryOptions(configuration.workflow_id).queryKey }),
  });
}
