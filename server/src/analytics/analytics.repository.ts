import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Analytics } from '@atelier/shared';
import { postgresError } from '../common/postgres-errors.js';

export interface AnalyticsScope {
  /** null: the whole system. */
  userId: number | null;
  days: number;
  /** The viewer's getTimezoneOffset() minutes: their hours when no zone name is known. */
  tz: number;
  /** The viewer's IANA zone, e.g. Europe/Berlin: each job's hour at that date's offset. */
  timeZone?: string;
}

/** PostgreSQL's invalid_parameter_value, as raised for a time zone it does not know. */
const UNKNOWN_ZONE = '22023';

/** Jobs of the scope created within the period ($1 user or null, $2 days). */
const IN_SCOPE = `($1::int IS NULL OR j.user_id = $1) AND j.created_at >= now() - make_interval(days => $2)`;

@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async systemStats(s: AnalyticsScope): Promise<Analytics['system_stats']> {
    const [row] = await this.db.query(
      `SELECT count(*)::int AS total_jobs,
              count(*) FILTER (WHERE j.status = 'completed')::int AS completed_jobs,
              count(*) FILTER (WHERE j.status = 'failed')::int AS failed_jobs,
              count(*) FILTER (WHERE j.status IN ('processing', 'submitting'))::int AS processing_jobs,
              count(*) FILTER (WHERE j.status = 'queued')::int AS queued_jobs,
              avg(j.actual_duration) FILTER (WHERE j.status IN ('completed', 'partial_success')) AS avg_processing_time,
              count(DISTINCT j.user_id)::int AS active_users,
              (SELECT min(created_at) FROM jobs WHERE $1::int IS NULL OR user_id = $1) AS first_job_date
         FROM jobs j WHERE ${IN_SCOPE}`,
      [s.userId, s.days],
    );
    return {
      ...row,
      avg_processing_time:
        row.avg_processing_time === null ? null : Math.round(Number(row.avg_processing_time) * 10) / 10,
      first_job_date: row.first_job_date ? new Date(row.first_job_date).toISOString() : null,
    };
  }

  /**
   * One row per workflow, under its current name: jobs keep the name they ran under, so a renamed
   * workflow would otherwise split in two. A deleted workflow's jobs (no id left) are grouped by
   * the name they ran under. Names are not unique, so equal counts and names are ranked by id (a
   * deleted workflow's row last): otherwise which of them makes the top 5 changes with the plan.
   */
  async popularWorkflows(s: AnalyticsScope, limit: number): Promise<Analytics['popular_workflows']> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT a.workflow_id, coalesce(w.name, a.run_name) AS workflow_name, a.job_count, a.completed_count, a.avg_duration
         FROM (SELECT j.workflow_id, min(j.workflow_name) AS run_name, count(*)::int AS job_count,
                      count(*) FILTER (WHERE j.status = 'completed')::int AS completed_count,
                      avg(j.actual_duration) FILTER (WHERE j.status IN ('completed', 'partial_success')) AS avg_duration
                 FROM jobs j WHERE ${IN_SCOPE}
                GROUP BY j.workflow_id, CASE WHEN j.workflow_id IS NULL THEN j.workflow_name END) a
         LEFT JOIN workflows w ON w.id = a.workflow_id
        ORDER BY a.job_count DESC, 2, a.workflow_id NULLS LAST
        LIMIT $3`,
      [s.userId, s.days, limit],
    );
    return rows.map((r) => ({
      workflow_id: r.workflow_id as number | null,
      workflow_name: r.workflow_name as string,
      job_count: r.job_count as number,
      completed_count: r.completed_count as number,
      avg_duration: r.avg_duration === null ? null : Math.round(Number(r.avg_duration) * 10) / 10,
    }));
  }

  /**
   * The top users are found from jobs alone; only those few rows are joined to users. Users with
   * the same count and last job time are ranked by id, so the top 5 does not change with the plan.
   */
  async activeUsers(s: AnalyticsScope, limit: number): Promise<Analytics['active_users']> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT u.id AS user_id, u.username, a.job_count, a.completed_count, a.last_activity
         FROM (SELECT j.user_id, count(*)::int AS job_count,
                      count(*) FILTER (WHERE j.status = 'completed')::int AS completed_count,
                      max(j.created_at) AS last_activity
                 FROM jobs j WHERE ${IN_SCOPE}
                GROUP BY j.user_id
                ORDER BY job_count DESC, last_activity DESC, j.user_id
                LIMIT $3) a
         JOIN users u ON u.id = a.user_id
        ORDER BY a.job_count DESC, a.last_activity DESC, a.user_id`,
      [s.userId, s.days, limit],
    );
    return rows.map((r) => ({
      user_id: r.user_id as number,
      username: r.username as string,
      job_count: r.job_count as number,
      completed_count: r.completed_count as number,
      last_activity: r.last_activity ? new Date(r.last_activity as string).toISOString() : null,
    }));
  }

  /**
   * Jobs per hour of the day (0-23) in the viewer's time zone; every hour present. The jobs are
   * counted per hour first and the 24 hours joined after: joining every job to its hour took
   * 2.6 times as long over 246,000 jobs. The hour is read off UTC, not the session's TimeZone, which
   * is the host's when an embedded server was initialised there; date_part, which answers a float,
   * not extract, which answers a numeric and cost a sixth more.
   */
  async usageByHour(s: AnalyticsScope): Promise<Analytics['usage_by_hour']> {
    if (s.timeZone) {
      try {
        // a named zone gives each job the offset of its own date: a 30-day period often spans a clock change
        return await this.hours(`j.created_at AT TIME ZONE $3::text`, [s.userId, s.days, s.timeZone]);
      } catch (error) {
        // a name the browser knows but this server's zone data does not: the offset of today will do
        if (postgresError(error).code !== UNKNOWN_ZONE) throw error;
      }
    }
    return this.hours(`(j.created_at AT TIME ZONE 'UTC') - make_interval(mins => $3)`, [s.userId, s.days, s.tz]);
  }

  private hours(localTime: string, params: unknown[]): Promise<Analytics['usage_by_hour']> {
    return this.db.query(
      `SELECT h.hour, coalesce(c.job_count, 0)::int AS job_count
         FROM generate_series(0, 23) AS h(hour)
         LEFT JOIN (SELECT date_part('hour', ${localTime})::int AS hour, count(*) AS job_count
                      FROM jobs j WHERE ${IN_SCOPE} GROUP BY 1) c ON c.hour = h.hour
        ORDER BY h.hour`,
      params,
    );
  }
}
