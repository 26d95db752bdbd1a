import { GALLERY_PAGE_SIZE, POLL_INTERVAL_MS, jobResultsSchema, type JobResults } from '@atelier/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobQueryKeys } from './job-query-keys';

export const JOB_RESULTS_PAGE_SIZE = GALLERY_PAGE_SIZE;

export function getJobResults(id: number, offset: number, signal?: AbortSignal): Promise<JobResults> {
  return apiRequest(`/jobs/${id}/results`, jobResultsSchema, {
    query: { offset, limit: JOB_RESULTS_PAGE_SIZE },
    signal,
  });
}

/**
 * A job's media, a page at a time (a batch can reach 999,999 items). New items arrive through
 * `gallery:item-created`; while the job runs the pages are polled every 5 s as well.
 */
export function jobResultsQueryOptions(id: number, running: boolean) {
  return infiniteQueryOptions({
    queryKey: jobQueryKeys.results(id),
    queryFn: ({ pageParam, signal }) => getJobResults(id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    refetchInterval: running ? POLL_INTERVAL_MS : false,
  });
}

export function useJobResults(id: number, running: boolean) {
  return useInfiniteQuery(jobResultsQueryOptions(id, running));
}
