import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { JobEntity } from './job.entity.js';

export interface JobWithUsername {
  job: JobEntity;
  username: string;
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
