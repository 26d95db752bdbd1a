import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const tagsSchema = z.array(z.string());

export function getWorkflowTags(signal?: AbortSignal): Promise<string[]> {
  return apiRequest('/workflows/tags', tagsSchema, { signal });
}

export function workflowTagsQueryOptions() {
  return queryOptions({
    queryKey: ['workflows', 'tags'],
    queryFn: ({ signal }) => getWorkflowTags(signal),
  });
}

export function useWorkflowTags() {
  return useQuery(workflowTagsQueryOptions());
}
