import { workflowSchema, type Workflow } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** One workflow with its configurable_params (JSON type) or workflow_overrides (slug type). */
export function getWorkflow(id: number, signal?: AbortSignal): Promise<Workflow> {
  return apiRequest(`/workflows/${id}`, workflowSchema, { signal });
}

export function workflowQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['workflows', 'detail', id],
    queryFn: ({ signal }) => getWorkflow(id, signal),
  });
}

/** `id` null (nothing selected, or a malformed id in the address) asks nothing. */
export function useWorkflow(id: number | null) {
  // `enabled` only when there is nothing to ask, so a client that disables queries by default stays quiet.
  return useQuery({ ...workflowQueryOptions(id ?? 0), ...(id === null ? { enabled: false } : {}) });
}
