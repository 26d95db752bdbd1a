import type { JobProgress } from '@atelier/shared';
import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';

/**
 * The step progress of a job's current item. Only `job:progress` events fill it (there is no
 * endpoint), so the query never fetches: it is a slot in the cache the socket writes to.
 */
export function jobProgressQueryOptions(jobId: number) {
  return queryOptions<JobProgress>({
    queryKey: ['job-progress', jobId],
    queryFn: skipToken,
    staleTime: Infinity,
  });
}

export function recordJobProgress(queryClient: QueryClient, progress: JobProgress): void {
  queryClient.setQueryData(jobProgressQueryOptions(progress.job_id).queryKey, progress);
}

export function forgetJobProgress(queryClient: QueryClient, jobId: number): void {
  queryClient.removeQueries({ queryKey: jobProgressQueryOptions(jobId).queryKey });
}

export function useJobProgress(jobId: number): JobProgress | null {
  return useQuery(jobProgressQueryOptions(jobId)).data ?? null;
}
