import { z } from 'zod';
import { ANALYTICS_PERIODS } from './constants.js';
import { choice, isoDateSchema, wholeQueryParam } from './common.js';

export const analyticsPeriodSchema = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const analyticsSchema = z.object({
  /** 'personal', or anything else for the system view (SPEC section 3): a newer server's value still shows. */
  view_type: z.union([z.enum(['personal', 'system']), z.string()]),
  system_stats: z.object({
    total_jobs: z.number().int(),
    completed_jobs: z.number().int(),
    failed_jobs: z.number().int(),
    processing_jobs: z.number().int(),
    queued_jobs: z.number().int(),
    avg_processing_time: z.number().nullable(),
    active_users: z.number().int(),
    first_job_date: isoDateSchema.nullable(),
  }),
  popular_workflows: z.array(
    z.object({
      workflow_id: z.number().int().nullable(),
      workflow_name: z.string(),
      job_count: z.number().int(),
      completed_count: z.number().int(),
      avg_duration: z.number().nullable(),
    }),
  ),
  active_users: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      job_count: z.number().int(),
      completed_count: z.number().int(),
      last_activity: isoDateSchema.nullable(),
    }),
  ),
  usage_by_hour: z.array(z.object({ hour: z.number().int(), job_count: z.number().int() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const analyticsQuerySchema = z.object({
  period: choice('period', ANALYTICS_PERIODS).default('30days'),
  /** The viewer's Date.getTimezoneOffset() in minutes, for usage by hour. */
  tz: wholeQueryParam('tz', -840, 840).default(0),
  /** The viewer's IANA time zone (Europe/Berlin): hours then follow its clock changes; `tz` is the fallback. */
  timezone: z
    .string({ error: 'timezone must be one time zone name' })
    .max(64, { error: 'Unknown time zone' })
    .refine(isTimeZoneName, { error: 'Unknown time zone' })
    .optional(),
});

// Building a DateTimeFormat to ask costs a third of a millisecond, and each dashboard call asks:
// names found good are kept, names refused are asked again. Zones are matched in any case, so the
// set is capped: spellings past the cap are still answered, just not kept.
const knownTimeZones = new Set<string>();
const KNOWN_TIME_ZONES_MAX = 2_000;

/** An IANA zone name this runtime knows: letters, digits and _ + - / only (no offsets like +01:00). */
export function isTimeZoneName(name: string): boolean {
  if (knownTimeZones.has(name)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  if (knownTimeZones.size < KNOWN_TIME_ZONES_MAX) knownTimeZones.add(name);
  return true;
}
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
