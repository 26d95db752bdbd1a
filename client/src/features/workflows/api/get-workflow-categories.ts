import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const categoriesSchema = z.array(z.string());

export function getWorkflowCategories(signal?: AbortSignal): Promise<string[]> {
  return apiRequest('/workflows/categories', categoriesSchema, { signal });
}

export function workflowCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['workflows', 'categories'],
    queryFn: ({ signal }) => getWorkflowCategories(signal),
  });
}

export function useWorkflowCategories() {
  return useQuery(workflowCategoriesQueryOptions());
}
