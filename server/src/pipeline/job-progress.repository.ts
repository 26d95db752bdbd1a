import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { GalleryItemEntity } from '../gallery/gallery-item.entity.js';
import { JobEntity } from '../jobs/job.entity.js';
import type { StoredOutput } from './media-store.js';

/**
 * A row as PostgreSQL answered it (`RETURNING *`) turned into its entity the way a find builds one
 * (TypeORM's own hydration of each column: types, transformers), so a write need not be read back.
 */
function toEntity<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, row: Record<string, unknown>): T {
  const metadata = m.dataSource.getMetadata(target);
  const entity = metadata.create(m.queryRunner, { fromDeserializer: true }) as T;
  for (const column of metadata.columns) {
    const value = row[column.databaseName];
    if (value !== undefined) column.setEntityValue(entity, m.dataSource.driver.prepareHydratedValue(value, column));
  }
  return entity;
}

/**
 * A reason or error text as PostgreSQL can store it. These come from the generation server, and a
 * NUL character in one (which neither text nor jsonb takes) would fail the write, and with it the
 * job run, again on every retry: the job would never end.
 */
function storable(text: string): string {
  return text.replaceAll('\u0000', '');
}

/**
 * The worker's writes. Every item outcome is recorded together with the checkpoint in one
 * transaction, and counters only move when the checkpoint has not yet passed that index, so an
 * item recorded twice (a resumed job) changes nothing the second time.
 */
@Injectable()
export class JobProgressRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  findJob(id: number): Promise<JobEntity | null> {
    return this.db.manager.findOneBy(JobEntity, { id });
  }

  /** Which of these jobs are cancelled, or gone (their user was deleted). */
  async stoppedAmong(ids: number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT x.id FROM unnest($1::int[]) AS x(id) LEFT JOIN jobs j ON j.id = x.id
        WHERE j.id IS NULL OR j.status = 'cancelled'`,
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** queued -> submitting, remembering when the job first started. */
  async markStarted(id: number): Promise<JobEntity | null> {
    await this.db.query(
      `UPDATE jobs SET status = 'submitting', started_at = coalesce(started_at, now()), updated_at = now()
        WHERE id = $1 AND status = 'queued'`,
      [id],
    );
    return this.findJob(id);
  }

  /** submitting -> processing once the generation server has taken the first item. */
  async markProcessing(id: number): Promise<JobEntity | null> {
    await this.db.query(
      `UPDATE jobs SET status = 'processing', updated_at = now() WHERE id = $1 AND status = 'submitting'`,
      [id],
    );
    return this.findJob(id);
  }

  async recordProduced(
    job: JobEntity,
    batchIndex: number,
    seed: number | null,
    outputs: StoredOutput[],
  ): Promise<{ job: JobEntity | null; created: GalleryItemEntity[] }> {
    return this.db.transaction(async (m) => {
      const created = await this.insertItems(m, job, batchIndex, seed, outputs);
      const updated = await this.advance(
        m,
        job.id,
        batchIndex,
        'batch_completed = batch_completed + CASE WHEN next_batch_index <= $2 THEN 1 ELSE 0 END',
      );
      return { job: updated, created };
    });
  }

  async recordRejected(jobId: number, batchIndex: number, reason: string): Promise<JobEntity | null> {
    const entry = JSON.stringify([
      { batch_index: batchIndex, reason: storable(reason), timestamp: new Date().toISOString() },
    ]);
    return this.db.transaction((m) =>
      this.advance(
        m,
        jobId,
        batchIndex,
        `rejection_count = rejection_count + CASE WHEN next_batch_index <= $2 THEN 1 ELSE 0 END,
         rejection_reasons = CASE WHEN next_batch_index <= $2 THEN rejection_reasons || $3::jsonb ELSE rejection_reasons END`,
        [entry],
      ),
    );
  }

  async recordFailed(jobId: number, batchIndex: number, message: string): Promise<JobEntity | null> {
    return this.db.transaction((m) =>
      this.advance(
        m,
        jobId,
        batchIndex,
        `failed_count = failed_count + CASE WHEN next_batch_index <= $2 THEN 1 ELSE 0 END, error_message = $3`,
        [storable(message)],
      ),
    );
  }

  /**
   * The final status (DESIGN section 3): completed when every item produced media,
   * partial_success when some did, failed when none did.
   */
  async finish(jobId: number): Promise<JobEntity | null> {
    await this.db.query(
      `UPDATE jobs SET
         status = CASE WHEN batch_completed >= batch_size THEN 'completed'
                       WHEN batch_completed > 0 THEN 'partial_success' ELSE 'failed' END,
         error_message = CASE WHEN batch_completed = 0 AND rejection_count = 0
                              THEN coalesce(error_message, 'No item could be generated') ELSE error_message END,
         completed_at = now(),
         actual_duration = extract(epoch FROM now() - coalesce(started_at, created_at)),
         updated_at = now()
       WHERE id = $1 AND status IN ('queued', 'submitting', 'processing')`,
      [jobId],
    );
    return this.findJob(jobId);
  }

  /**
   * The rest of the job cannot run (a bad key, an unknown slug, a refused workflow). Items already
   * produced keep their media, so the job then ends as partial_success, with the error saying why.
   */
  async failJob(jobId: number, message: string): Promise<JobEntity | null> {
    await this.db.query(
      `UPDATE jobs SET status = CASE WHEN batch_completed > 0 THEN 'partial_success' ELSE 'failed' END,
         error_message = $2, completed_at = now(),
         actual_duration = extract(epoch FROM now() - coalesce(started_at, created_at)), updated_at = now()
       WHERE id = $1 AND status IN ('queued', 'submitting', 'processing')`,
      [jobId, storable(message)],
    );
    return this.findJob(jobId);
  }

  /** One INSERT for all of an item's outputs; RETURNING gives back only the rows it added (not the conflicts). */
  private async insertItems(
    m: EntityManager,
    job: JobEntity,
    batchIndex: number,
    seed: number | null,
    outputs: StoredOutput[],
  ): Promise<GalleryItemEntity[]> {
    if (outputs.length === 0) return [];
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(GalleryItemEntity)
      .values(
        outputs.map((o) => ({
          userId: job.userId,
          jobId: job.id,
          batchIndex,
          outputIndex: o.outputIndex,
          filePath: o.filePath,
          thumbnailPath: o.thumbnailPath,
          mediaType: o.mediaType,
          contentType: o.contentType,
          sizeBytes: o.sizeBytes,
          width: o.width,
          height: o.height,
          jobName: job.jobName,
          workflowName: job.workflowName,
          seedUsed: seed,
          status: 'active' as const,
          userTags: [],
        })),
      )
      .orIgnore()
      .returning('*')
      .updateEntity(false)
      .execute();
    return (result.raw as Record<string, unknown>[])
      .map((row) => toEntity(m, GalleryItemEntity, row))
      .sort((a, b) => a.outputIndex - b.outputIndex);
  }

  /** Moves the checkpoint and the counters in one UPDATE, answering the job as it now is. */
  private async advance(
    m: EntityManager,
    jobId: number,
    batchIndex: number,
    counters: string,
    extra: unknown[] = [],
  ): Promise<JobEntity | null> {
    if (!m.queryRunner) throw new Error('advance() runs inside a transaction');
    const { records } = await m.queryRunner.query(
      `UPDATE jobs SET ${counters},
         next_batch_index = GREATEST(next_batch_index, $2 + 1),
         status = CASE WHEN status IN ('queued', 'submitting') THEN 'processing' ELSE status END,
         updated_at = now()
       WHERE id = $1
       RETURNING *`,
      [jobId, batchIndex, ...extra],
      true,
    );
    const row = (records as Record<string, unknown>[])[0];
    return row ? toEntity(m, JobEntity, row) : null;
  }
}
