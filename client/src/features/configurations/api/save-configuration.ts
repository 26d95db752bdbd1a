import { configurationSchema, type Configuration, type SaveConfigurationRequest } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { configurationsQueryOptions } from './get-configurations';

/** Saving under a name that already exists replaces that configuration's values. */
export function saveConfiguration(body: SaveConfigurationRequest): Promise<Configuration> {
  return apiRequest('/configurations', configurationSchema, { method: 'POST', body });
}

export function useSaveConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['configurations', 'save'],
    mutationFn: saveConfiguration,
    onSuccess: (saved) =>
      queryClient.invalidateQueries({ queryKey: configurationsQueryOptions(saved.workflow_id).queryKey }),
  });
}
