import { POLL_INTERVAL_MS, queueStatusSchema, type QueueStats, type QueueStatus } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { keepNewer } from '../../../lib/keep-newer';

export function getQueue(signal?: AbortSignal): Promise<QueueStatus> {
  return apiRequest('/queue', queueStatusSchema, { signal });
}

/**
 * Views crossing on the way are read within moments of each other; one stamped this much earlier
 * than the view shown means the database's clock was set back, and dropping every view until the
 * clock caught up would freeze the queue for as long.
 */
const CROSSING_WINDOW_US = 2 * POLL_INTERVAL_MS * 1000;

/**
 * Whether `incoming` was read before the view shown: a push from one process can overtake another's,
 * and a poll answer read just before a push lands after it; shown, either put a finished job back
 * on screen, or an item count back, until the next view.
 */
export function isOlderQueue(incoming: QueueStatus, shown: QueueStatus | undefined): boolean {
  if (!shown) return false;
  const earlier = shown.as_of - incoming.as_of;
  return earlier > 0 && earlier <= CROSSING_WINDOW_US;
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
    structuralSharing: keepNewer(isOlderQueue),
  });
}

export function useQueue() {
  return useQuery(queueQueryOptions());
}

/** Jobs the badge counts: everything not yet finished (SPEC section 4 counts submitting too). */
export function activeJobCount(stats: QueueStats): number {
  return stats.processing + stats.queued + stats.submitting;
}
