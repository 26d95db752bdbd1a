import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app.js';

/** The checkpoint columns of a job row that the API does not show. */
export interface JobCheckpoint {
  next_batch_index: number;
  batch_completed: number;
  failed_count: number;
  rejection_count: number;
}

export async function jobCheckpoint(t: TestApp, jobId: number): Promise<JobCheckpoint> {
  const { rows } = await t.db.pool.query<JobCheckpoint>(
    'SELECT next_batch_index, batch_completed, failed_count, rejection_count FROM jobs WHERE id = $1',
    [jobId],
  );
  if (!rows[0]) throw new Error(`job ${jobId} not found`);
  return rows[0];
}

export interface StoredItem {
  batch_index: number;
  output_index: number;
  seed_used: number | null;
  content_type: string;
  /** Whether the media file and its thumbnail are on disk under `<DATA_DIR>/media`. */
  files_exist: boolean;
}

/** A job's gallery rows in batch order, with whether their files really exist. */
export async function storedItems(t: TestApp, jobId: number): Promise<StoredItem[]> {
  const { rows } = await t.db.pool.query<{
    batch_index: number;
    output_index: number;
    seed_used: string | null;
    content_type: string;
    file_path: string;
    thumbnail_path: string | null;
  }>(
    `SELECT batch_index, output_index, seed_used, content_type, file_path, thumbnail_path
       FROM gallery_items WHERE job_id = $1 ORDER BY batch_index, output_index`,
    [jobId],
  );
  const media = path.join(t.dataDir, 'media');
  return rows.map((row) => ({
    batch_index: row.batch_index,
    output_index: row.output_index,
    seed_used: row.seed_used === null ? null : Number(row.seed_used),
    content_type: row.content_type,
    files_exist:
      existsSync(path.join(media, row.file_path)) &&
      row.thumbnail_path !== null &&
      existsSync(path.join(media, row.thumbnail_path)),
  }));
}
