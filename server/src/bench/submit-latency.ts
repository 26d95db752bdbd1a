import { performance } from 'node:perf_hooks';
import { Queue } from 'bullmq';
import { GENERATION_QUEUE } from '../queue/queue-registry.js';
import { tinyJob, type ApiClient } from './api-client.js';
import { bullPrefixOf, type BenchEnvironment } from './environment.js';
import { percentile, progress } from './support.js';

export const LARGE_BATCH = 999_999;

export interface SubmitLatencyResult {
  calls: number;
  warmup: number;
  small: { p50: number; p99: number };
  large: { p50: number; p99: number };
}

/**
 * Figure 1. POST /api/jobs with batch 1 and with batch 999,999, measured at the client (request
 * sent to answer read, keep-alive connection), no worker consuming. The calls alternate A B, B A,
 * so drift on the machine weighs on both equally. Afterwards every job it made is cancelled and
 * the queue emptied, so no later phase sees them.
 */
export async function measureSubmitLatency(
  env: BenchEnvironment,
  api: ApiClient,
  token: string,
  workflowId: number,
  calls: number,
): Promise<SubmitLatencyResult> {
  const warmup = 10;
  const timed = async (batch: number, label: string) => {
    const started = performance.now();
    await api.submit(token, tinyJob(workflowId, label, batch));
    return performance.now() - started;
  };
  for (let i = 0; i < warmup; i++) {
    await timed(1, 'warm-up small');
    await timed(LARGE_BATCH, 'warm-up large');
  }
  const small: number[] = [];
  const large: number[] = [];
  for (let i = 0; i < calls; i++) {
    if (i % 2 === 0) {
      small.push(await timed(1, 'small'));
      large.push(await timed(LARGE_BATCH, 'large'));
    } else {
      large.push(await timed(LARGE_BATCH, 'large'));
      small.push(await timed(1, 'small'));
    }
  }
  progress(`submit latency: ${calls} + ${calls} calls measured`);
  await discardQueuedJobs(env, 2 * (warmup + calls));
  return {
    calls,
    warmup,
    small: { p50: percentile(small, 50), p99: percentile(small, 99) },
    large: { p50: percentile(large, 50), p99: percentile(large, 99) },
  };
}

/** No worker ran yet: empty the queue (checking it held every job submitted) and cancel the rows. */
async function discardQueuedJobs(env: BenchEnvironment, submitted: number): Promise<void> {
  const connection = env.redis.duplicate({ connectionName: 'atelier-bench-queue' });
  connection.on('error', () => undefined);
  const queue = new Queue(GENERATION_QUEUE, { connection, prefix: bullPrefixOf(env) });
  queue.on('error', () => undefined);
  try {
    const counts = await queue.getJobCounts('prioritized', 'waiting');
    const held = (counts.prioritized ?? 0) + (counts.waiting ?? 0);
    if (held !== submitted) throw new Error(`the queue holds ${held} jobs, ${submitted} were submitted`);
    await queue.obliterate({ force: true });
  } finally {
    await queue.close();
    connection.disconnect();
  }
  await env.pool.query(
    `UPDATE jobs SET status = 'cancelled', completed_at = now(), updated_at = now() WHERE status = 'queued'`,
  );
}
