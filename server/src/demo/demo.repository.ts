import type { DataSource, QueryRunner } from 'typeorm';
import type { JobStatus, RejectionReason } from '@atelier/shared';
import { readSetting, writeSetting } from '../catalogue/system-settings.js';
import { WorkflowEntity } from '../workflows/workflow.entity.js';

/** The system_settings key that says the demo data is in place. */
export const DEMO_SEEDED_KEY = 'demo_seeded';
/** Any fixed number no other lock uses (see the other *_LOCK_KEY); it keeps two seed runs apart. */
const DEMO_LOCK_KEY = 727_900;

export interface DemoMarker {
  seeded_at: string;
  users: string[];
}

export interface RetimedJob {
  id: number;
  createdAt: Date;
  startedAt: Date;
  endedAt: Date;
  secondsPerItem: number;
  rejectionReasons: RejectionReason[];
}

export interface DemoCounts {
  jobsByStatus: Partial<Record<JobStatus, number>>;
  images: number;
  videos: number;
  archived: number;
  folders: number;
  favourites: number;
  configurations: number;
}

/** The demo's own reads and writes: the marker, leftovers, and moving its rows back in time. */
export class DemoRepository {
  private lockHolder: QueryRunner | null = null;

  constructor(private readonly db: DataSource) {}

  /** False when another seed run holds the lock; held on one connection until `unlock`. */
  async tryLock(): Promise<boolean> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    const [row]: Array<{ locked: boolean }> = await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [
      DEMO_LOCK_KEY,
    ]);
    if (!row?.locked) {
      await runner.release();
      return false;
    }
    this.lockHolder = runner;
    return true;
  }

  async unlock(): Promise<void> {
    if (!this.lockHolder) return;
    await this.lockHolder.query('SELECT pg_advisory_unlock($1)', [DEMO_LOCK_KEY]).catch(() => undefined);
    await this.lockHolder.release();
    this.lockHolder = null;
  }

  readMarker(): Promise<DemoMarker | null> {
    return readSetting<DemoMarker>(this.db.manager, DEMO_SEEDED_KEY);
  }

  writeMarker(marker: DemoMarker): Promise<void> {
    return writeSetting(this.db.manager, DEMO_SEEDED_KEY, marker);
  }

  visibleWorkflows(): Promise<WorkflowEntity[]> {
    return this.db.manager.find(WorkflowEntity, { where: { isHidden: false }, order: { id: 'ASC' } });
  }

  usersNamed(usernames: string[]): Promise<Array<{ id: number; username: string; email: string }>> {
    return this.db.query('SELECT id, username, email FROM users WHERE lower(username) = ANY($1::text[])', [
      usernames.map((u) => u.toLowerCase()),
    ]);
  }

  async firstSuperAdminId(): Promise<number | null> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT id FROM users WHERE role = 'super_admin' ORDER BY id LIMIT 1`,
    );
    return rows[0]?.id ?? null;
  }

  /** Ids of a job's gallery items in batch order. */
  async itemIdsOfJob(jobId: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      'SELECT id FROM gallery_items WHERE job_id = $1 ORDER BY batch_index, output_index',
      [jobId],
    );
    return rows.map((r) => r.id);
  }

  /** A user's account, folders and saved configurations dated before their first job. */
  async backdateAccount(userId: number, createdAt: Date, configurationDates: Map<number, Date>): Promise<void> {
    await this.db.query('UPDATE users SET created_at = $2, updated_at = $2 WHERE id = $1', [userId, createdAt]);
    await this.db.query('UPDATE folders SET created_at = $2, updated_at = $2 WHERE user_id = $1', [userId, createdAt]);
    for (const [id, date] of configurationDates)
      await this.db.query('UPDATE configurations SET created_at = $2, updated_at = $2 WHERE id = $1', [id, date]);
  }

  /**
   * Moves a job and its items to the given times: item i is produced `secondsPerItem` after item
   * i-1, the first one that long after the start. Durations follow the new times.
   */
  async retimeJob(job: RetimedJob): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(
        `UPDATE jobs SET created_at = $2, started_at = $3, completed_at = $4, updated_at = $4,
                rejection_reasons = $5::jsonb,
                actual_duration = CASE WHEN actual_duration IS NULL THEN NULL
                                       ELSE extract(epoch FROM $4::timestamptz - $3::timestamptz) END
          WHERE id = $1`,
        [job.id, job.createdAt, job.startedAt, job.endedAt, JSON.stringify(job.rejectionReasons)],
      );
      await m.query(
        `UPDATE gallery_items
            SET created_at = $2::timestamptz + make_interval(secs => (batch_index + 1) * $3::float8)
          WHERE job_id = $1`,
        [job.id, job.startedAt, job.secondsPerItem],
      );
    });
  }

  /** Archived a few days after they were made (never in the future). */
  async backdateArchiving(userIds: number[]): Promise<void> {
    await this.db.query(
      `UPDATE gallery_items SET archived_at = least(now(), created_at + interval '3 days')
        WHERE user_id = ANY($1::int[]) AND status = 'archived'`,
      [userIds],
    );
  }

  async counts(userIds: number[]): Promise<DemoCounts> {
    const statuses: Array<{ status: JobStatus; n: number }> = await this.db.query(
      'SELECT status, count(*)::int AS n FROM jobs WHERE user_id = ANY($1::int[]) GROUP BY status',
      [userIds],
    );
    const [row]: Array<Omit<DemoCounts, 'jobsByStatus'>> = await this.db.query(
      `SELECT (SELECT count(*)::int FROM gallery_items WHERE user_id = ANY($1::int[]) AND media_type = 'image') AS images,
              (SELECT count(*)::int FROM gallery_items WHERE user_id = ANY($1::int[]) AND media_type = 'video') AS videos,
              (SELECT count(*)::int FROM gallery_items WHERE user_id = ANY($1::int[]) AND status = 'archived') AS archived,
              (SELECT count(*)::int FROM folders WHERE user_id = ANY($1::int[])) AS folders,
              (SELECT count(*)::int FROM workflow_favorites WHERE user_id = ANY($1::int[])) AS favourites,
              (SELECT count(*)::int FROM configurations WHERE user_id = ANY($1::int[])) AS configurations`,
      [userIds],
    );
    return { jobsByStatus: Object.fromEntries(statuses.map((s) => [s.status, s.n])), ...row! };
  }
}
