import { configurationSchema, type Configuration } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const configurationListSchema = z.array(configurationSchema);

export function getConfigurations(workflowId: number, signal?: AbortSignal): Promise<Configuration[]> {
  return apiRequest(`/workflows/${workflowId}/configurations`, configurationListSchema, { signal });
}

/** The caller's saved configurations of one workflow; a failure is only logged (SPEC section 8). */
export function configurationsQueryOptions(workflowId: number) {
  return queryOptions({
    queryKey: ['configurations', workflowId],
    queryFn: ({ signal }) => getConfigurations(workflowId, signal),
  });
}

export function useConfigurations(workflowId: number) {
  return useQuery(configurationsQueryOptions(workflowId));
}
