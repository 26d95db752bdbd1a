import { workflowSchema, type Workflow } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowQueryOptions } from './get-workflow';

export interface WorkflowOrganization {
  category: string;
  tags: string[];
}

/** Admins only: a workflow's category and tags. */
export function updateOrganization(workflowId: number, body: WorkflowOrganization): Promise<Workflow> {
  return apiRequest(`/workflows/${workflowId}/organization`, workflowSchema, { method: 'PUT', body });
}

export function useUpdateOrganization(workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['workflows', 'organization', workflowId],
    mutationFn: (body: WorkflowOrganization) => updateOrganization(workflowId, body),
    onSuccess: (workflow) => {
      queryClient.setQueryData(workflowQueryOptions(workflowId).queryKey, (old: Workflow | undefined) =>
        old ? { ...old, category: workflow.category, tags: workflow.tags, updated_at: workflow.updated_at } : workflow,
      );
      // Lists, categories and tags may all have changed.
      return queryClient.invalidateQueries({ queryKey: ['workflows'] });
    },
  });
}
