import { POLL_INTERVAL_MS, RECENT_JOBS_COUNT, jobListResponseSchema, type JobListResponse } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getRecentJobs(signal?: AbortSignal): Promise<JobListResponse> {
  return apiRequest('/jobs', jobListResponseSchema, { signal, query: { page: 1, limit: RECENT_JOBS_COUNT } });
}

/** The caller's newest jobs, polled every 5 s (SPEC section 9); failures are only logged. */
export function recentJobsQueryOptions() {
  return queryOptions({
    queryKey: ['jobs', 'recent'],
    queryFn: ({ signal }) => getRecentJobs(signal),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useRecentJobs() {
  return useQuery(recentJobsQueryOptions());
}
