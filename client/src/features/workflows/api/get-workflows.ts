import { workflowSchema, type Workflow } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The filters of GET /api/workflows; empty ones are left out of the request. */
export interface WorkflowListFilters {
  category?: string;
  tags?: readonly string[];
  search?: string;
  favorites?: boolean;
}

const workflowListSchema = z.array(workflowSchema);

function normalize(filters: WorkflowListFilters) {
  return {
    category: filters.category ?? '',
    tags: [...(filters.tags ?? [])],
    search: filters.search?.trim() ?? '',
    favorites: filters.favorites ?? false,
  };
}

export function getWorkflows(filters: WorkflowListFilters = {}, signal?: AbortSignal): Promise<Workflow[]> {
  const { category, tags, search, favorites } = normalize(filters);
  return apiRequest('/workflows', workflowListSchema, {
    signal,
    query: {
      category: category || undefined,
      tags: tags.length ? tags : undefined,
      search: search || undefined,
      favorites: favorites ? 'true' : undefined,
    },
  });
}

/** Failures are only logged (SPEC section 8: the workflow list and favourites fail silently). */
export function workflowsQueryOptions(filters: WorkflowListFilters = {}) {
  const normalized = normalize(filters);
  return queryOptions({
    queryKey: ['workflows', 'list', normalized],
    queryFn: ({ signal }) => getWorkflows(normalized, signal),
    // A new filter keeps the old cards on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });
}

export function useWorkflows(filters: WorkflowListFilters = {}) {
  return useQuery(workflowsQueryOptions(filters));
}
