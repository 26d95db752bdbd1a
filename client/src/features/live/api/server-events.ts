import {
  galleryChangeSchema,
  galleryItemSchema,
  isFinalJobStatus,
  jobProgressSchema,
  jobSchema,
  queueStatusSchema,
  type Job,
  type JobListResponse,
} from '@atelier/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { mayPassOnRetry } from '../../../lib/api-error';
import { logger } from '../../../lib/logger';
import { refreshChangedElsewhere } from '../../gallery/api/gallery-cache';
import { galleryQueryKeys } from '../../gallery/api/gallery-query-keys';
import { SESSION_QUERY_KEY } from '../../auth/api/get-session';
import { isOlderJob } from '../../jobs/api/get-job';
import { forgetJobProgress, recordJobProgress } from '../../jobs/api/job-progress';
import { jobQueryKeys } from '../../jobs/api/job-query-keys';
import { isOlderQueue, queueQueryOptions } from '../../queue/api/get-queue';

/** The last status each job was seen with on this connection: a change is what makes lists refetch. */
export type SeenStatuses = Map<number, Job['status']>;

/** Any cached page of jobs (History, Recent Jobs, ...) that shows this job, with the job replaced. */
function withJobReplaced(data: unknown, job: Job): JobListResponse | undefined {
  if (typeof data !== 'object' || data === null || !('jobs' in data) || !Array.isArray(data.jobs)) return undefined;
  const list = data as JobListResponse;
  if (!list.jobs.some((row) => row.id === job.id)) return undefined;
  return { ...list, jobs: list.jobs.map((row) => (row.id === job.id ? job : row)) };
}

/** `queue:updated` carries the whole shared queue view: it replaces the one shown, unless older. */
export function applyQueueUpdated(queryClient: QueryClient, status: unknown): void {
  const parsed = parseEvent('queue:updated', queueStatusSchema, status);
  const key = queueQueryOptions().queryKey;
  if (parsed && !isOlderQueue(parsed, queryClient.getQueryData(key))) queryClient.setQueryData(key, parsed);
}

/**
 * `job:updated`: the job's own page and every cached list row showing it change in place (an
 * updater answering undefined leaves a cache entry untouched, fresh or stale as it was). When its
 * status changes, or it is new to this tab, every job query is refetched: a row may now enter or
 * leave a filtered page, and the results have changed. A copy older than the job page's is dropped.
 */
export function applyJobUpdated(queryClient: QueryClient, payload: unknown, seen: SeenStatuses): void {
  const job = parseEvent('job:updated', jobSchema, payload);
  if (!job || isOlderJob(job, queryClient.getQueryData<Job>(jobQueryKeys.detail(job.id)))) return;
  queryClient.setQueryData(jobQueryKeys.detail(job.id), job);
  queryClient.setQueriesData<unknown>({ queryKey: jobQueryKeys.all }, (old: unknown) => withJobReplaced(old, job));

  const statusChanged = seen.get(job.id) !== job.status;
  seen.set(job.id, job.status);
  if (statusChanged) void queryClient.invalidateQueries({ queryKey: jobQueryKeys.all });
  if (isFinalJobStatus(job.status)) forgetJobProgress(queryClient, job.id);
}

export function applyJobProgress(queryClient: QueryClient, payload: unknown): void {
  const progress = parseEvent('job:progress', jobProgressSchema, payload);
  if (progress) recordJobProgress(queryClient, progress);
}

/**
 * A new file of a job: its results grid shows it. The gallery, while open, puts it on top of its
 * views itself (useGalleryLiveItems); the views kept from an earlier visit never hear of it and are
 * never stale on their own, so coming back to the gallery showed them without it: they are read
 * again when next shown.
 */
export function applyGalleryItemCreated(queryClient: QueryClient, payload: unknown): void {
  const item = parseEvent('gallery:item-created', galleryItemSchema, payload);
  if (!item) return;
  void queryClient.invalidateQueries({ queryKey: jobQueryKeys.results(item.job_id) });
  markHiddenGalleryViewsStale(queryClient);
}

function markHiddenGalleryViewsStale(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: galleryQueryKeys.items(), type: 'inactive', refetchType: 'none' });
}

/**
 * Folders or items changed in another tab of this user (or by an admin): every tab reads its
 * gallery again, whichever screen it is on, so going back to the gallery shows no old folders.
 */
export function applyGalleryChanged(queryClient: QueryClient, payload: unknown): void {
  if (parseEvent('gallery:changed', galleryChangeSchema, payload)) refreshChangedElsewhere(queryClient);
}

/**
 * `session:changed`: an admin changed this user's role, password or account. The session is read
 * again at once: a new role shows or hides the Admin area, and an ended session (a 401) brings the
 * login screen, keeping the forms' drafts, as any other request that meets it would.
 */
export function applySessionChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

/**
 * After a reconnection, whatever was pushed meanwhile is fetched afresh. The API is back, so what
 * failed to load while it was away (the gallery's 'Failed to load images', an admin list) is asked
 * for again: most of those are not polled and stayed failed until a click on Retry or a reload. An
 * answer the server gave (a 4xx) would be the same again.
 */
export function refreshAfterReconnect(queryClient: QueryClient): void {
  // a session:changed sent while away was lost with the connection
  applySessionChanged(queryClient);
  void queryClient.invalidateQueries({ queryKey: queueQueryOptions().queryKey });
  void queryClient.invalidateQueries({ queryKey: jobQueryKeys.all });
  // the gallery's changes and new items pushed meanwhile were missed too: the views on screen are
  // read again (the gallery's own reread after a reconnection misses one opened while the connection
  // was down, a laptop just woken), the views kept from an earlier visit when next shown
  void queryClient.invalidateQueries({ queryKey: galleryQueryKeys.all });
  void queryClient.invalidateQueries({
    predicate: ({ state }) => state.status === 'error' && mayPassOnRetry(state.error),
  });
}

function parseEvent<T>(event: string, schema: ZodType<T>, payload: unknown): T | null {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  logger.warn(`ignored a malformed ${event} event`, parsed.error);
  return null;
}
