import { POLL_INTERVAL_MS, isFinalJobStatus, jobSchema, type Job } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keepNewer } from '../../../lib/keep-newer';
import { itemsDone } from '../components/job-progress-bars';
import { jobQueryKeys } from './job-query-keys';

export function getJob(id: number, signal?: AbortSignal): Promise<Job> {
  return apiRequest(`/jobs/${id}`, jobSchema, { signal });
}

/**
 * Whether `incoming` is an earlier copy of the job shown: a poll answer read just before a push and
 * answered after it, or a push overtaken by another. A job never leaves a final status and its
 * items done never go down, so such a copy put a finished job back to Processing (with a Cancel
 * that could only fail) until the next poll.
 */
export function isOlderJob(incoming: Job, shown: Job | undefined): boolean {
  if (!shown || shown.id !== incoming.id) return false;
  if (isFinalJobStatus(shown.status) && !isFinalJobStatus(incoming.status)) return true;
  return itemsDone(incoming) < itemsDone(shown);
}

/**
 * Socket events keep it current; while the job can still change it is also polled every 5 s
 * (SPEC section 9), so a lost connection never freezes the screen.
 */
export function jobQueryOptions(id: number) {
  return queryOptions({
    queryKey: jobQueryKeys.detail(id),
    queryFn: ({ signal }) => getJob(id, signal),
    structuralSharing: keepNewer(isOlderJob),
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isFinalJobStatus(job.status) ? false : POLL_INTERVAL_MS;
    },
  });
}

export function useJob(id: number) {
  return useQuery(jobQueryOptions(id));
}
