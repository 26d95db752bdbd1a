import { analyticsQuerySchema, type SessionUser } from '@atelier/shared';
import { AnalyticsController } from '../analytics/analytics.controller.js';
import { AnalyticsRepository } from '../analytics/analytics.repository.js';
import { captureQueries, search, type Case } from './gallery-latency.js';

export const ANALYTICS_PERIOD = '90days';

async function dashboardCase(name: string, caller: SessionUser, token: string): Promise<Case> {
  // what a browser in Berlin sends: hours by the named zone, a clock change inside the period
  const params = { period: ANALYTICS_PERIOD, tz: -60, timezone: 'Europe/Berlin' };
  return {
    name,
    path: `/api/analytics/dashboard?${search(params)}`,
    // one empty row to each statement, so the controller's mapping runs through
    queries: await captureQueries(
      (recorder) =>
        new AnalyticsController(new AnalyticsRepository(recorder)).dashboard(
          caller,
          analyticsQuerySchema.parse(params),
        ),
      [{}],
    ),
    judged: false,
    token,
  };
}

/** The dashboard over the longest period: the measured user's own, and an admin's of the whole system. */
export async function analyticsCases(
  user: { id: number; token: string },
  admin: { id: number; token: string },
): Promise<Case[]> {
  return [
    await dashboardCase(
      `Analytics, personal (the measured user), ${ANALYTICS_PERIOD}`,
      { id: user.id, username: 'bench', role: 'user' } as SessionUser,
      user.token,
    ),
    await dashboardCase(
      `Analytics, system (an admin), ${ANALYTICS_PERIOD}`,
      { id: admin.id, username: 'bench admin', role: 'admin' } as SessionUser,
      admin.token,
    ),
  ];
}
