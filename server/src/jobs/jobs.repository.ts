import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { JobStatus } from '@atelier/shared';
import { isUniqueViolation } from '../common/postgres-errors.js';
import { containsPattern } from '../common/sql-like.js';
import { UserEntity } from '../users/user.entity.js';
import { JobEntity } from './job.entity.js';

export interface JobWithUsername {
  job: JobEntity;
  username: string;
}

export interface JobListFilter {
  /** null: every user's jobs (admins). */
  userId: number | null;
  status?: JobStatus;
  search?: string;
  offset: number;
  limit: number;
}

/** How far back finished jobs count towards a workflow's seconds-per-item. */
const THROUGHPUT_WINDOW_DAYS = 7;

@Injectable()
export class JobsRepository {
  constructor(@InjectRepository(JobEntity) private readonly repo: Repository<JobEntity>) {}

  /**
   * Jobs that are running or waiting, in the order the queue serves them: running first (oldest
   * first), then queued by priority and age. Served by the partial index jobs_active_queue_idx.
   */
  async findActiveInOrder(): Promise<JobWithUsername[]> {
    const { entities, raw } = await this.repo
      .createQueryBuilder('j')
      .innerJoin(UserEntity, 'u', 'u.id = j.user_id')
      .addSelect('u.username', 'username')
      .where(`j.status IN ('queued', 'submitting', 'processing')`)
      .orderBy(`CASE WHEN j.status = 'queued' THEN 1 ELSE 0 END`, 'ASC')
      .addOrderBy('j.priority', 'DESC')
      .addOrderBy('j.created_at', 'ASC')
      .addOrderBy('j.id', 'ASC')
      .getRawAndEntities<{ username: string }>();
    return entities.map((job, i) => ({ job, username: raw[i]?.username ?? '' }));
  }

  insert(fields: Partial<JobEntity>): Promise<JobEntity> {
    return this.repo.save(this.repo.create(fields));
  }

  /**
   * Inserts a job; null when its idempotency key is one the user already has a job under (a resend
   * of the same attempt, running at the same time, won the unique index).
   */
  async insertUnlessKeyTaken(fields: Partial<JobEntity>): Promise<JobEntity | null> {
    try {
      return await this.insert(fields);
    } catch (error) {
      if (isUniqueViolation(error, 'jobs_user_idempotency_key_key')) return null;
      throw error;
    }
  }

  /** The user's job made under this idempotency key; another user's key is another key. */
  findByIdempotencyKey(userId: number, idempotencyKey: string): Promise<JobEntity | null> {
    return this.repo.findOneBy({ userId, idempotencyKey });
  }

  async remove(id: number): Promise<void> {
    await this.repo.delete({ id });
  }

  async findWithUsername(id: number): Promise<JobWithUsername | null> {
    const { entities, raw } = await this.repo
      .createQueryBuilder('j')
      .innerJoin(UserEntity, 'u', 'u.id = j.user_id')
      .addSelect('u.username', 'username')
      .where('j.id = :id', { id })
      .getRawAndEntities<{ username: string }>();
    const job = entities[0];
    return job ? { job, username: raw[0]?.username ?? '' } : null;
  }

  /** Newest first; served by jobs_user_created_idx / jobs_user_status_created_idx. */
  async listPage(filter: JobListFilter): Promise<{ rows: JobWithUsername[]; total: number }> {
    const qb = this.repo
      .createQueryBuilder('j')
      .innerJoin(UserEntity, 'u', 'u.id = j.user_id')
      .addSelect('u.username', 'username');
    if (filter.userId !== null) qb.andWhere('j.user_id = :userId', { userId: filter.userId });
    if (filter.status) qb.andWhere('j.status = :status', { status: filter.status });
    if (filter.search) {
      qb.andWhere('(j.job_name ILIKE :search OR j.workflow_name ILIKE :search)', {
        search: containsPattern(filter.search),
      });
    }
    const total = await qb.clone().getCount();
    const { entities, raw } = await qb
      .orderBy('j.created_at', 'DESC')
      .addOrderBy('j.id', 'DESC')
      .offset(filter.offset)
      .limit(filter.limit)
      .getRawAndEntities<{ username: string }>();
    return { rows: entities.map((job, i) => ({ job, username: raw[i]?.username ?? '' })), total };
  }

  /** Cancels a job that has not finished; returns false when it already had. */
  async cancel(id: number): Promise<boolean> {
    const result = await this.repo
      .createQueryBuilder()
      .update(JobEntity)
      // a job that never started ran for no time, so it gets no duration
      .set({
        status: 'cancelled',
        completedAt: () => 'now()',
        actualDuration: () => 'extract(epoch FROM now() - started_at)',
      })
      .where(`id = :id AND status IN ('queued', 'submitting', 'processing')`, { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Now by the database's clock, in microseconds: the one clock every API and worker process shares. */
  async clockMicros(): Promise<number> {
    const rows: Array<{ us: string }> = await this.repo.query(
      `SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint AS us`,
    );
    return Number(rows[0]!.us);
  }

  /** Mean seconds per produced item of recently finished jobs, per workflow. */
  async secondsPerItemByWorkflow(workflowIds: number[]): Promise<Map<number, number>> {
    if (workflowIds.length === 0) return new Map();
    const rows: Array<{ workflow_id: number; seconds_per_item: string }> = await this.repo.query(
      `SELECT workflow_id, sum(actual_duration) / sum(batch_completed) AS seconds_per_item
         FROM jobs
        WHERE workflow_id = ANY($1)
          AND status IN ('completed', 'partial_success')
          AND batch_completed > 0 AND actual_duration IS NOT NULL
          AND completed_at > now() - make_interval(days => $2)
        GROUP BY workflow_id`,
      [workflowIds, THROUGHPUT_WINDOW_DAYS],
    );
    return new Map(rows.map((r) => [r.workflow_id, Number(r.seconds_per_item)]));
  }
}
