import { analyticsSchema, isTimeZoneName, type Analytics, type AnalyticsPeriod } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The viewer's clock, so usage by hour is counted in their own hours: the zone's name, which gives
 * each job the offset of its own date (a period may span a clock change), and today's offset for a
 * browser that names no zone.
 */
export interface ViewerClock {
  tz: number;
  timezone?: string;
}

export function viewerClock(): ViewerClock {
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const tz = new Date().getTimezoneOffset();
  return timezone && isTimeZoneName(timezone) ? { tz, timezone } : { tz };
}

export function getAnalytics(period: AnalyticsPeriod, clock: ViewerClock, signal?: AbortSignal): Promise<Analytics> {
  return apiRequest('/analytics/dashboard', analyticsSchema, { query: { period, ...clock }, signal });
}

/** The last period's figures stay on screen while another period loads. */
export function analyticsQueryOptions(period: AnalyticsPeriod, clock = viewerClock()) {
  return queryOptions({
    queryKey: ['analytics', period, clock.tz, clock.timezone ?? null],
    queryFn: ({ signal }) => getAnalytics(period, clock, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(period: AnalyticsPeriod) {
  return useQuery(analyticsQueryOptions(period));
}
