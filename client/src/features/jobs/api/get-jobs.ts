import {
  HISTORY_PAGE_SIZE,
  POLL_INTERVAL_MS,
  isFinalJobStatus,
  jobListResponseSchema,
  type JobListResponse,
  type JobStatus,
} from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { jobQueryKeys } from './job-query-keys';

export interface JobListParams {
  status?: JobStatus;
  search?: string;
  page?: number;
  limit?: number;
}

export function getJobs(params: JobListParams, signal?: AbortSignal): Promise<JobListResponse> {
  const { status, search, page = 1, limit = HISTORY_PAGE_SIZE } = params;
  return apiRequest('/jobs', jobListResponseSchema, {
    query: { status, search: search || undefined, page, limit },
    signal,
  });
}

function hasActiveJob(data: JobListResponse | undefined): boolean {
  return data?.jobs.some((job) => !isFinalJobStatus(job.status)) ?? false;
}

/**
 * One page of the caller's jobs (History, and Recent Jobs with `{ page: 1, limit: 5 }`). Socket
 * events update the rows in place; while a row can still change the page is polled every 5 s too.
 */
export function jobsQueryOptions(params: JobListParams) {
  return queryOptions({
    queryKey: jobQueryKeys.list(params),
    queryFn: ({ signal }) => getJobs(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasActiveJob(query.state.data) ? POLL_INTERVAL_MS : false),
  });
}

export function useJobs(params: JobListParams) {
  return useQuery(jobsQueryOptions(params));
}
