import { analyticsSchema, type Analytics, type AnalyticsPeriod } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Minutes the viewer's clock is behind UTC, so usage by hour is counted in their own hours. */
export function viewerTimezoneOffset(): number {
  return new Date().getTimezoneOffset();
}

export function getAnalytics(period: AnalyticsPeriod, tz: number, signal?: AbortSignal): Promise<Analytics> {
  return apiRequest('/analytics/dashboard', analyticsSchema, { query: { period, tz }, signal });
}

/** The last period's figures stay on screen while another period loads. */
export function analyticsQueryOptions(period: AnalyticsPeriod, tz = viewerTimezoneOffset()) {
  return queryOptions({
    queryKey: ['analytics', period, tz],
    queryFn: ({ signal }) => getAnalytics(period, tz, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(period: AnalyticsPeriod) {
  return useQuery(analyticsQueryOptions(period));
}
