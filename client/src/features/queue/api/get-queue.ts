import { POLL_INTERVAL_MS, queueStatusSchema, type QueueStats, type QueueStatus } from '@atelier/shared';
import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getQueue(signal?: AbortSignal): Promise<QueueStatus> {
  return apiRequest('/queue', queueStatusSchema, { signal });
}

/**
 * Whether `incoming` was read before the view shown: a push from one process can overtake another's,
 * and a poll answer read just before a push lands after it; shown, either put a finished job back
 * on screen, or an item count back, until the next view.
 */
export function isOlderQueue(incoming: QueueStatus, shown: QueueStatus | undefined): boolean {
  return shown !== undefined && incoming.as_of < shown.as_of;
}

/**
 * Polled every 5 s (SPEC section 9); failures are only logged, by the query cache. A poll answer
 * older than the pushed view shown is dropped.
 */
export function queueQueryOptions() {
  return queryOptions({
    queryKey: ['queue'],
    queryFn: ({ signal }) => getQueue(signal),
    refetchInterval: POLL_INTERVAL_MS,
    structuralSharing: (shown: unknown, incoming: unknown) =>
      isOlderQueue(incoming as QueueStatus, shown as QueueStatus | undefined)
        ? shown
        : replaceEqualDeep(shown, incoming),
  });
}

export function useQueue() {
  return useQuery(queueQueryOptions());
}

/** Jobs the badge counts: everything not yet finished (SPEC section 4 counts submitting too). */
export function activeJobCount(stats: QueueStats): number {
  return stats.processing + stats.queued + stats.submitting;
}
