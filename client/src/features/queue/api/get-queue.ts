import { POLL_INTERVAL_MS, queueStatusSchema, type QueueStats, type QueueStatus } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getQueue(signal?: AbortSignal): Promise<QueueStatus> {
  return apiRequest('/queue', queueStatusSchema, { signal });
}

/** Polled every 5 s (SPEC section 9); failures are only logged, by the query cache. */
export function queueQueryOptions() {
  return queryOptions({
    queryKey: ['queue'],
    queryFn: ({ signal }) => getQueue(signal),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useQueue() {
  return useQuery(queueQueryOptions());
}

/** Jobs the badge counts: everything not yet finished (SPEC section 4 counts submitting too). */
export function activeJobCount(stats: QueueStats): number {
  return stats.processing + stats.queued + stats.submitting;
}
