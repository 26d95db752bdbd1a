import {
  createdIdSchema,
  missingSlugsResponseSchema,
  workflowSchema,
  type CreateSlugWorkflow,
  type OverrideLinkInput,
} from '@atelier/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { workflowQueryOptions } from '../../workflows/api/get-workflow';

/** Base workflows (file names without .json) that no slug workflow uses yet. Fails silently. */
export const missingSlugsQueryOptions = () =>
  queryOptions({
    queryKey: ['workflows', 'missing-slugs'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/workflows/missing-slugs', missingSlugsResponseSchema, { signal })).missing_base_workflows,
  });

export const useMissingSlugs = () => useQuery(missingSlugsQueryOptions());

export function createSlugWorkflow(body: CreateSlugWorkflow): Promise<{ id: number }> {
  return apiRequest('/workflows', createdIdSchema, { method: 'POST', body });
}

export type SlugWorkflowUpdate = Omit<CreateSlugWorkflow, 'workflow_type' | 'category' | 'tags' | 'overrides'> & {
  id: number;
  category: string;
  tags: string[];
  overrides: Array<OverrideLinkInput & { id?: number }>;
  /** The updated_at the editor opened: a save over another admin's later one is refused (409). */
  expected_updated_at?: string;
};

/**
 * Edit saves the name, the external-server settings, the organisation and the override list (as
 * one diff: links that left the list are deleted, kept ones updated, new ones created, SPEC
 * section 7) in one request, so the save succeeds whole or changes nothing.
 */
export function updateSlugWorkflow({ id, ...fields }: SlugWorkflowUpdate) {
  return apiRequest(`/workflows/${id}`, workflowSchema, {
    method: 'PUT',
    body: { workflow_type: 'slug', ...fields },
  });
}

export function deleteSlugWorkflow(id: number): Promise<{ message: string }> {
  return apiRequest(`/workflows/${id}`, z.object({ message: z.string() }), { method: 'DELETE' });
}

export function useCreateSlugWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSlugWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workflows'] }),
  });
}

export function useUpdateSlugWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSlugWorkflow,
    onSuccess: async (_workflow, { id }) => {
      await queryClient.invalidateQueries({ queryKey: workflowQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: ['workflows'] });
    },
  });
}

export function useDeleteSlugWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSlugWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workflows'] }),
  });
}
