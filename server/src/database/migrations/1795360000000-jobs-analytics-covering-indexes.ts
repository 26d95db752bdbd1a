import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the analytics dashboard reads of a job, beside the scope (user, created_at) it filters on. */
const READ = 'status, workflow_id, workflow_name, actual_duration';

/**
 * The jobs indexes the dashboard's period scans use also carry the columns its aggregates read, so
 * a period is counted from index entries alone. Measured with 1,000,000 one-item jobs: the system
 * stats over 90 days (246,000 jobs) took 54 ms instead of 160 ms. Status is already in other jobs
 * indexes, so a job's status change was never a HOT update; the per-item checkpoints still are.
 */
export class JobsAnalyticsCoveringIndexes1795360000000 implements MigrationInterface {
  name = 'JobsAnalyticsCoveringIndexes1795360000000';

  async up(q: QueryRunner): Promise<void> {
    await this.replace(q, `INCLUDE (user_id, ${READ})`, `INCLUDE (${READ})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.replace(q, '', '');
  }

  private async replace(q: QueryRunner, byTime: string, byUser: string): Promise<void> {
    await q.query('DROP INDEX jobs_created_idx');
    await q.query(`CREATE INDEX jobs_created_idx ON jobs (created_at) ${byTime}`);
    await q.query('DROP INDEX jobs_user_created_idx');
    await q.query(`CREATE INDEX jobs_user_created_idx ON jobs (user_id, created_at DESC, id DESC) ${byUser}`);
  }
}
