import {
  missingKeysResponseSchema,
  overrideDefinitionSchema,
  type OverrideDefinition,
  type OverrideDefinitionInput,
} from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const overrideDefinitionsQueryOptions = () =>
  queryOptions({
    queryKey: ['override-definitions', 'list'],
    queryFn: ({ signal }): Promise<OverrideDefinition[]> =>
      apiRequest('/override-definitions', z.array(overrideDefinitionSchema), { signal }),
  });

/** Per base workflow, the override keys it uses that have no definition. Fails silently. */
export const missingKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['override-definitions', 'missing-keys'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/override-definitions/missing-keys', missingKeysResponseSchema, { signal }))
        .missing_keys_by_workflow,
  });

export const useOverrideDefinitions = () => useQuery(overrideDefinitionsQueryOptions());
export const useMissingKeys = () => useQuery(missingKeysQueryOptions());

export function saveOverrideDefinition({ id, ...body }: OverrideDefinitionInput & { id?: number }) {
  return id === undefined
    ? apiRequest('/override-definitions', overrideDefinitionSchema, { method: 'POST', body })
    : apiRequest(`/override-definitions/${id}`, overrideDefinitionSchema, { method: 'PUT', body });
}

export function deleteOverrideDefinition(id: number, confirmPassword: string) {
  return apiRequest(`/override-definitions/${id}`, z.object({ message: z.string() }), {
    method: 'DELETE',
    body: { confirmPassword },
  });
}

export function useSaveOverrideDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOverrideDefinition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['override-definitions'] }),
  });
}

export function useDeleteOverrideDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmPassword }: { id: number; confirmPassword: string }) =>
      deleteOverrideDefinition(id, confirmPassword),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['override-definitions'] }),
  });
}
