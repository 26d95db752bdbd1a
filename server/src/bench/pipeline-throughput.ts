import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderImagePng } from '../generation/providers/builtin/render-image.js';
import { createThumbnail } from '../media/media-processing.js';
import { tinyJob, type ApiClient } from './api-client.js';
import { quietClient, type BenchEnvironment } from './environment.js';
import { processCpuSeconds, type ChildService } from './processes.js';
import { grouped, progress, sleep } from './support.js';

const SIZE = 64;
const PROMPT = 'a bench render';

/** Two halves of the raw loop as one figure. */
export function combineThroughput(a: ThroughputResult, b: ThroughputResult): ThroughputResult {
  const items = a.items + b.items;
  const seconds = a.seconds + b.seconds;
  return { items, seconds, itemsPerS: items / seconds, cpuSeconds: a.cpuSeconds + b.cpuSeconds };
}

export interface ThroughputResult {
  items: number;
  seconds: number;
  itemsPerS: number;
  /** CPU seconds of the process doing the work (all its threads, so sharp's too; not PostgreSQL's). */
  cpuSeconds: number;
}

export interface PipelineResult extends ThroughputResult {
  /** From the POST to the bench seeing the final status (includes queue pick-up and polling). */
  wallSeconds: number;
}

/**
 * The raw baseline of figure 2, in this process, one item after the other: render the builtin
 * renderer's 64x64 PNG, write it, make the WebP thumbnail with createThumbnail (which writes it),
 * insert the gallery row with a plain pg client. Nothing else: no queue, no events, no checkpoint.
 * The bench runs half of it before the worker's job and half after, so drift weighs on both alike.
 */
export async function measureRawLoop(
  env: BenchEnvironment,
  userId: number,
  items: number,
  warmup: number,
): Promise<ThroughputResult> {
  if (items <= 0) return { items: 0, seconds: 0, itemsPerS: Number.NaN, cpuSeconds: 0 };
  const client = quietClient(env.databaseUrl);
  await client.connect();
  try {
    const run = async (label: string, count: number): Promise<{ seconds: number; cpuSeconds: number }> => {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO jobs (user_id, workflow_name, job_name, batch_size, status) VALUES ($1, 'Bench tiny', $2, $3, 'completed')
         RETURNING id`,
        [userId, label, count],
      );
      const jobId = rows[0]!.id;
      const relativeDir = `raw/${jobId}`;
      const dir = path.join(env.dataDir, 'media', ...relativeDir.split('/'));
      await mkdir(path.join(dir, 'thumbs'), { recursive: true });
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < count; i++) {
        const png = await renderImagePng({ width: SIZE, height: SIZE, seed: 1 + i, prompt: PROMPT });
        const file = `${relativeDir}/${i}_0.png`;
        const thumb = `${relativeDir}/thumbs/${i}_0.webp`;
        await writeFile(path.join(dir, `${i}_0.png`), png);
        const size = await createThumbnail(
          path.join(dir, `${i}_0.png`),
          'image/png',
          path.join(dir, 'thumbs', `${i}_0.webp`),
        );
        await client.query(
          `INSERT INTO gallery_items (user_id, job_id, batch_index, output_index, file_path, thumbnail_path, media_type,
             content_type, size_bytes, width, height, job_name, workflow_name, seed_used)
           VALUES ($1, $2, $3, 0, $4, $5, 'image', 'image/png', $6, $7, $8, $9, 'Bench tiny', $10)`,
          [userId, jobId, i, file, thumb, png.length, size.width, size.height, label, 1 + i],
        );
      }
      const cpu = process.cpuUsage(cpuBefore);
      return { seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
    };
    if (warmup > 0) await run('raw warm-up', warmup);
    const { seconds, cpuSeconds } = await run('raw loop', items);
    return { items, seconds, itemsPerS: items / seconds, cpuSeconds };
  } finally {
    await client.end();
  }
}

interface JobRow {
  status: string;
  batch_completed: number;
  next_batch_index: number;
  run_s: string | null;
}

const FINAL = new Set(['completed', 'failed', 'cancelled', 'partial_success']);

/** Polls a job's row until it is final, printing progress; bounded by `timeoutMs`. */
export async function waitForJobEnd(env: BenchEnvironment, jobId: number, timeoutMs: number): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  let lastReport = Date.now();
  for (;;) {
    const { rows } = await env.pool.query<JobRow>(
      `SELECT status, batch_completed, next_batch_index,
              extract(epoch FROM completed_at - started_at)::text AS run_s
         FROM jobs WHERE id = $1`,
      [jobId],
    );
    const row = rows[0];
    if (!row) throw new Error(`job ${jobId} disappeared`);
    if (FINAL.has(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish within ${timeoutMs} ms (${row.status})`);
    if (Date.now() - lastReport >= 5000) {
      progress(`job ${jobId}: ${grouped(row.next_batch_index)} items done`);
      lastReport = Date.now();
    }
    await sleep(50);
  }
}

/**
 * Figure 2 through the real queue: one job of `items` 64x64 items submitted to the API, run by the
 * worker process. Items/s is batch size / (completed_at - started_at) of the job row: the worker's
 * own time from taking the job to finishing it, both stamped by PostgreSQL.
 */
export async function measurePipeline(
  env: BenchEnvironment,
  api: ApiClient,
  token: string,
  workflowId: number,
  items: number,
  worker: ChildService,
): Promise<PipelineResult> {
  const cpuBefore = await processCpuSeconds(worker.pid);
  const started = performance.now();
  const jobId = await api.submit(token, tinyJob(workflowId, 'pipeline throughput', items));
  const row = await waitForJobEnd(env, jobId, Math.max(120_000, items * 200));
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuSeconds = (await processCpuSeconds(worker.pid)) - cpuBefore;
  if (row.status !== 'completed' || row.batch_completed !== items)
    throw new Error(`the throughput job ended ${row.status} with ${row.batch_completed}/${items} items`);
  const { rows } = await env.pool.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM gallery_items WHERE job_id = $1',
    [jobId],
  );
  if (Number(rows[0]!.n) !== items) throw new Error(`the throughput job has ${rows[0]!.n} gallery rows, not ${items}`);
  const seconds = Number(row.run_s);
  return { items, seconds, itemsPerS: items / seconds, wallSeconds, cpuSeconds };
}
