import { performance } from 'node:perf_hooks';
import { quietClient, type BenchEnvironment } from './environment.js';
import { WORKFLOW_NAMES } from './gallery-seed.js';
import { progress } from './support.js';

export interface AnalyticsSeed {
  /** One-item jobs this seed added. */
  jobs: number;
  /** Every job of the heavy user, the gallery seed's included. */
  heavyJobs: number;
  /** Every job of the last 90 days: what the system view of that period reads. */
  jobsIn90Days: number;
  insertS: number;
}

/** Share of the one-item jobs that belong to the measured (heavy) user. */
const HEAVY_SHARE = 0.2;

/**
 * Analytics reads jobs, not gallery items, so its worst case at a million items is a million
 * one-item jobs. Adds them over the last year to the gallery seed's users (the heavy user a fifth),
 * with the mix of statuses and durations a busy service leaves behind, in one INSERT ... SELECT.
 */
export async function seedAnalyticsJobs(
  env: BenchEnvironment,
  userIds: number[],
  jobs: number,
): Promise<AnalyticsSeed> {
  const client = quietClient(env.databaseUrl);
  await client.connect();
  try {
    await client.query('SELECT setseed(0.1717)');
    const started = performance.now();
    await client.query(
      `INSERT INTO jobs (user_id, workflow_name, job_name, batch_size, batch_completed, next_batch_index,
                         status, created_at, started_at, completed_at, actual_duration, updated_at)
         SELECT CASE WHEN r_user < ${HEAVY_SHARE} THEN ($1::int[])[1]
                     ELSE ($1::int[])[2 + floor(r_user * 1000)::int % (array_length($1::int[], 1) - 1)] END,
                ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int], 'analytics job ' || i, 1,
                CASE WHEN status IN ('completed', 'partial_success') THEN 1 ELSE 0 END, 1,
                status, at, at, at + interval '40 seconds', CASE WHEN status IN ('completed', 'partial_success') THEN 20 + floor(random() * 40)::int END, at
           FROM generate_series(1, $3::int) AS i
          CROSS JOIN LATERAL (SELECT random() AS r_user, now() - random() * interval '365 days' AS at,
                                     (ARRAY['completed', 'completed', 'completed', 'completed', 'completed', 'completed',
                                            'failed', 'partial_success', 'cancelled'])[1 + floor(random() * 9)::int] AS status
                               -- correlated with i, so random() is drawn for every row
                               WHERE i > 0) r`,
      [userIds, WORKFLOW_NAMES, jobs],
    );
    const insertS = (performance.now() - started) / 1000;
    await client.query('VACUUM ANALYZE jobs');
    const { rows } = await client.query<{ heavy: number; recent: number }>(
      `SELECT count(*) FILTER (WHERE user_id = $1)::int AS heavy,
              count(*) FILTER (WHERE created_at >= now() - interval '90 days')::int AS recent
         FROM jobs`,
      [userIds[0]],
    );
    const { heavy, recent } = rows[0]!;
    progress(`analytics seed: ${jobs.toLocaleString('en')} one-item jobs in ${insertS.toFixed(1)} s`);
    return { jobs, heavyJobs: heavy, jobsIn90Days: recent, insertS };
  } finally {
    await client.end();
  }
}
