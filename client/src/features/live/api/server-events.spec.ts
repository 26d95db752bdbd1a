import type { JobListResponse, QueueStatus } from '@atelier/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { makeJob } from '../../../test/job-factory';
import { jobProgressQueryOptions } from '../../jobs/api/job-progress';
import { jobQueryKeys } from '../../jobs/api/job-query-keys';
import { queueQueryOptions } from '../../queue/api/get-queue';
import {
  applyGalleryItemCreated,
  applyJobProgress,
  applyJobUpdated,
  applyQueueUpdated,
  applySessionChanged,
  refreshAfterReconnect,
  type SeenStatuses,
} from './server-events';

const listKey = jobQueryKeys.list({ page: 1, limit: 10 });
const otherListKey = jobQueryKeys.list({ status: 'failed', page: 1, limit: 10 });
const recentKey = ['jobs', 'recent'];

function list(...jobs: ReturnType<typeof makeJob>[]): JobListResponse {
  return { jobs, pagination: { page: 1, pages: 1, total: jobs.length } };
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('server events into the query cache', () => {
  let client: QueryClient;
  let seen: SeenStatuses;

  beforeEach(() => {
    client = new QueryClient();
    seen = new Map();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('replaces the polled queue with queue:updated, ignoring a payload that breaks the contract', () => {
    const running = makeJob({ status: 'processing' });
    const status: QueueStatus = {
      as_of: 1,
      stats: { processing: 1, queued: 0, submitting: 0, total_items: 3, estimated_wait_time: 9 },
      current_job: running,
      running_jobs: [running],
      upcoming_jobs: [],
    };
    applyQueueUpdated(client, status);
    expect(client.getQueryData(queueQueryOptions().queryKey)).toEqual(status);

    applyQueueUpdated(client, { stats: 'nonsense' });
    expect(client.getQueryData(queueQueryOptions().queryKey)).toEqual(status);
  });

  it('updates the job page and every list row showing the job, in place', () => {
    const running = makeJob({ id: 5, status: 'processing', batch_completed: 1 });
    const neighbour = makeJob({ id: 6, status: 'completed' });
    client.setQueryData(jobQueryKeys.detail(5), running);
    client.setQueryData(listKey, list(running, neighbour));
    client.setQueryData(otherListKey, list(neighbour));
    client.setQueryData(recentKey, list(neighbour, running));
    seen.set(5, 'processing');
    const untouchedAt = client.getQueryState(otherListKey)?.dataUpdatedAt;

    const progressed = { ...running, batch_completed: 2 };
    applyJobUpdated(client, progressed, seen);

    expect(client.getQueryData(jobQueryKeys.detail(5))).toEqual(progressed);
    expect(client.getQueryData<JobListResponse>(listKey)?.jobs).toEqual([progressed, neighbour]);
    expect(client.getQueryData<JobListResponse>(recentKey)?.jobs).toEqual([neighbour, progressed]);
    expect(client.getQueryData<JobListResponse>(otherListKey)?.jobs).toEqual([neighbour]);
    expect(client.getQueryState(otherListKey)?.dataUpdatedAt).toBe(untouchedAt);
  });

  it('refetches lists and results only when a status changes, not on every step', () => {
    const job = makeJob({ id: 5, status: 'processing', batch_completed: 1 });
    client.setQueryData(listKey, list(job));
    client.setQueryData(recentKey, list(job));
    client.setQueryData(jobQueryKeys.results(5), { pages: [], pageParams: [] });

    applyJobUpdated(client, job, seen);
    expect(invalidated(client, listKey)).toBe(true);
    expect(invalidated(client, recentKey)).toBe(true);
    expect(invalidated(client, jobQueryKeys.results(5))).toBe(true);

    client.setQueryData(listKey, list(job));
    client.setQueryData(jobQueryKeys.results(5), { pages: [], pageParams: [] });
    applyJobUpdated(client, { ...job, batch_completed: 2 }, seen);
    expect(invalidated(client, listKey)).toBe(false);
    expect(invalidated(client, jobQueryKeys.results(5))).toBe(false);

    applyJobUpdated(client, { ...job, batch_completed: 3, status: 'completed' }, seen);
    expect(invalidated(client, listKey)).toBe(true);
    expect(invalidated(client, jobQueryKeys.results(5))).toBe(true);
  });

  it('drops a job:updated older than the copy already shown, leaving the rows showing the job as they are', () => {
    const completed = makeJob({ id: 5, status: 'completed', batch_size: 3, batch_completed: 3 });
    applyJobUpdated(client, completed, seen);
    client.setQueryData(listKey, list(completed));
    client.setQueryData(recentKey, list(completed));

    applyJobUpdated(client, { ...completed, status: 'processing', batch_completed: 2 }, seen);
    expect(client.getQueryData(jobQueryKeys.detail(5))).toEqual(completed);
    expect(client.getQueryData<JobListResponse>(listKey)?.jobs).toEqual([completed]);
    expect(client.getQueryData<JobListResponse>(recentKey)?.jobs).toEqual([completed]);
  });

  it('keeps the step progress of a running job and forgets it once the job has finished', () => {
    const progressKey = jobProgressQueryOptions(5).queryKey;
    applyJobProgress(client, { job_id: 5, batch_index: 1, value: 4, max: 10 });
    expect(client.getQueryData(progressKey)).toEqual({ job_id: 5, batch_index: 1, value: 4, max: 10 });

    applyJobProgress(client, { job_id: 5, value: 'half' });
    expect(client.getQueryData(progressKey)).toEqual({ job_id: 5, batch_index: 1, value: 4, max: 10 });

    applyJobUpdated(client, makeJob({ id: 5, status: 'cancelled' }), seen);
    expect(client.getQueryData(progressKey)).toBeUndefined();
  });

  it("marks a job's results stale when one of its files is created", () => {
    client.setQueryData(jobQueryKeys.results(5), { pages: [], pageParams: [] });
    client.setQueryData(jobQueryKeys.results(6), { pages: [], pageParams: [] });
    applyGalleryItemCreated(client, {
      id: 1,
      job_id: 5,
      job_name: 'Lighthouse',
      workflow_name: 'Text to Image',
      file_path: '/api/media/a.png?sig=x',
      thumbnail_path: null,
      folder_path: null,
      seed_used: 7,
      user_tags: [],
      status: 'active',
      created_at: '2026-03-01T10:00:00.000Z',
    });
    expect(invalidated(client, jobQueryKeys.results(5))).toBe(true);
    expect(invalidated(client, jobQueryKeys.results(6))).toBe(false);
  });

  it('asks again, once reconnected, for what failed to load while the API was away, not for what it refused', async () => {
    // a screen showing the query: counts its requests, each refused with the error given
    const shown = (key: readonly unknown[], error: Error) => {
      let requests = 0;
      const observer = new QueryObserver(client, {
        queryKey: key,
        queryFn: () => {
          requests += 1;
          return Promise.reject(error);
        },
        retry: false,
      });
      onTestFinished(observer.subscribe(() => {}));
      return () => requests;
    };
    const gallery = shown(['gallery', 'items', {}], new TypeError('Failed to fetch'));
    const users = shown(['admin', 'users'], new ApiError(502, null));
    const workflow = shown(['workflows', 'detail', 7], new ApiError(404, 'Workflow not found'));
    await vi.waitFor(() => expect(client.getQueryState(['admin', 'users'])?.status).toBe('error'));
    await vi.waitFor(() => expect(client.getQueryState(['gallery', 'items', {}])?.status).toBe('error'));
    await vi.waitFor(() => expect(client.getQueryState(['workflows', 'detail', 7])?.status).toBe('error'));

    refreshAfterReconnect(client);
    await vi.waitFor(() => expect([gallery(), users()]).toEqual([2, 2]));
    expect(workflow()).toBe(1);
  });

  it('reads the signed-in session again at once on session:changed, and after a reconnection', async () => {
    let reads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['session', 'the-token'],
      queryFn: () => ({ user: { id: 1, username: 'u', role: reads++ ? 'admin' : 'user' } }),
      staleTime: 60_000,
    });
    onTestFinished(observer.subscribe(() => {}));
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.user.role).toBe('user'));

    applySessionChanged(client);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.user.role).toBe('admin'));
    expect(reads).toBe(2);

    refreshAfterReconnect(client);
    await vi.waitFor(() => expect(reads).toBe(3));
  });
});
