import { performance } from 'node:perf_hooks';
import { tinyJob, type ApiClient } from './api-client.js';
import type { BenchEnvironment } from './environment.js';
import { processMemory, type ChildService } from './processes.js';
import { fixed, grouped, megabytes, progress, sleep } from './support.js';

export interface MemorySample {
  processed: number;
  rssBytes: number;
  peakRssBytes: number;
  /** INFO memory used_memory of the whole Redis server. */
  redisUsedBytes: number;
  /** MEMORY USAGE summed over the bench's own keys. */
  prefixBytes: number;
  prefixKeys: number;
  jobs: number;
}

export interface MemoryResult {
  first: MemorySample;
  last: MemorySample;
  jobSize: number;
  inFlight: number;
  /** Items per second over the whole run, from the first submit to the last job's end. */
  itemsPerS: number;
  seconds: number;
}

/** After the last job of a step ends: let the queue broadcast and BullMQ's bookkeeping settle. */
const SETTLE_MS = 3000;

async function redisUsedMemory(env: BenchEnvironment): Promise<number> {
  const info = await env.redis.info('memory');
  const match = /^used_memory:(\d+)/m.exec(info);
  if (!match) throw new Error('INFO memory has no used_memory');
  return Number(match[1]);
}

async function prefixUsage(env: BenchEnvironment): Promise<{ bytes: number; keys: number }> {
  let cursor = '0';
  let bytes = 0;
  let keys = 0;
  for (let round = 0; round < 100_000; round++) {
    const [next, found] = await env.redis.scan(cursor, 'MATCH', `${env.keyPrefix}:*`, 'COUNT', 1000);
    if (found.length) {
      const pipeline = env.redis.pipeline();
      for (const key of found) pipeline.memory('USAGE', key);
      for (const [error, value] of (await pipeline.exec()) ?? []) {
        if (!error && typeof value === 'number') bytes += value;
      }
      keys += found.length;
    }
    cursor = next;
    if (cursor === '0') break;
  }
  return { bytes, keys };
}

/**
 * Figure 4 with a fresh worker process: jobs of `jobSize` items are submitted so that `inFlight`
 * are unfinished at any time (the worker runs WORKER_CONCURRENCY of them, the others wait, so the
 * running ones also yield to them after each slice, as on a shared queue). The worker's RSS and
 * Redis's used_memory are read once 1,000 items were processed and once `total` were, each time
 * after the last job ended and the system settled for 3 s.
 */
export async function measureMemory(
  env: BenchEnvironment,
  api: ApiClient,
  token: string,
  workflowId: number,
  worker: ChildService,
  total: number,
  jobSize: number,
  inFlight: number,
  timeoutMs: number,
): Promise<MemoryResult> {
  const started = performance.now();
  const deadline = Date.now() + timeoutMs;
  let submitted = 0;
  let processed = 0;
  let jobs = 0;
  let seed = 1;
  const active = new Set<number>();
  let lastReport = Date.now();

  const sample = async (): Promise<MemorySample> => {
    await sleep(SETTLE_MS);
    if (!worker.running()) throw new Error(`the worker process exited:\n${worker.output()}`);
    const [memory, redisUsedBytes, prefix] = await Promise.all([
      processMemory(worker.pid),
      redisUsedMemory(env),
      prefixUsage(env),
    ]);
    return { processed, ...memory, redisUsedBytes, prefixBytes: prefix.bytes, prefixKeys: prefix.keys, jobs };
  };

  const runUpTo = async (target: number) => {
    while (processed < target) {
      if (Date.now() > deadline) throw new Error(`the memory run did not reach ${grouped(target)} items in time`);
      if (!worker.running()) throw new Error(`the worker process exited:\n${worker.output()}`);
      while (active.size < inFlight && submitted < target) {
        const size = Math.min(jobSize, target - submitted);
        const id = await api.submit(token, tinyJob(workflowId, `memory ${jobs}`, size, seed));
        seed += size;
        submitted += size;
        jobs++;
        active.add(id);
      }
      const { rows } = await env.pool.query<{
        id: number;
        status: string;
        batch_completed: number;
        batch_size: number;
      }>(
        `SELECT id, status, batch_completed, batch_size FROM jobs
          WHERE id = ANY($1::int[]) AND status IN ('completed', 'failed', 'cancelled', 'partial_success')`,
        [[...active]],
      );
      for (const row of rows) {
        if (row.status !== 'completed' || row.batch_completed !== row.batch_size)
          throw new Error(`job ${row.id} ended ${row.status} with ${row.batch_completed}/${row.batch_size} items`);
        processed += row.batch_completed;
        active.delete(row.id);
      }
      if (Date.now() - lastReport >= 5000) {
        lastReport = Date.now();
        const elapsed = (performance.now() - started) / 1000;
        const rate = processed / elapsed;
        const { rssBytes } = await processMemory(worker.pid);
        progress(
          `memory: ${grouped(processed)}/${grouped(total)} items in finished jobs, ${fixed(rate, 1)} items/s, ` +
            `worker RSS ${megabytes(rssBytes)}, about ${grouped((total - processed) / Math.max(rate, 0.001))} s left`,
        );
      }
      if (rows.length === 0) await sleep(200);
    }
  };

  await runUpTo(Math.min(1000, total));
  const first = await sample();
  progress(`memory: first sample at ${grouped(first.processed)} items, worker RSS ${megabytes(first.rssBytes)}`);
  const runStart = performance.now();
  await runUpTo(total);
  const seconds = (performance.now() - runStart) / 1000;
  const last = await sample();
  return {
    first,
    last,
    jobSize,
    inFlight,
    itemsPerS: (last.processed - first.processed) / seconds,
    seconds: (performance.now() - started) / 1000,
  };
}
