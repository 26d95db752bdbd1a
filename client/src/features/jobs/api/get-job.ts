import { POLL_INTERVAL_MS, isFinalJobStatus, jobSchema, type Job } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobQueryKeys } from './job-query-keys';

export function getJob(id: number, signal?: AbortSignal): Promise<Job> {
  return apiRequest(`/jobs/${id}`, jobSchema, { signal });
}

/**
 * Socket events keep it current; while the job can still change it is also polled every 5 s
 * (SPEC section 9), so a lost connection never freezes the screen.
 */
export function jobQueryOptions(id: number) {
  return queryOptions({
    queryKey: jobQueryKeys.detail(id),
    queryFn: ({ signal }) => getJob(id, signal),
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isFinalJobStatus(job.status) ? false : POLL_INTERVAL_MS;
    },
  });
}

export function useJob(id: number) {
  return useQuery(jobQueryOptions(id));
}
