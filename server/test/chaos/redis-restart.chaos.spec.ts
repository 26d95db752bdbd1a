import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiDouble } from '../doubles/comfyui-double.js';
import { getJob, submitJob } from '../support/pipeline.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';
import { finalJob } from './support/final-job.js';
import { comfyWorkerEnv, createComfyWorkflow, promptsPerItem } from './support/comfy-workflow.js';
import { itemCounts } from './support/gallery-rows.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';

const BATCH = 30;
/** Short enough that the outage below outlasts it: the job's lock lapses while Redis is away. */
const LOCK_MS = 3000;
const OUTAGE_MS = 12_000;

describe('Redis restarts in the middle of a batch', () => {
  let stack: OwnStack;
  let comfy: ComfyUiDouble;
  let worker: WorkerProcess | undefined;
  let token: string;
  let workflowId: number;

  beforeAll(async () => {
    stack = await startOwnStack();
    comfy = (await ComfyUiDouble.start()).slowRun(40);
    token = await stack.app.login(await stack.app.createUser());
    workflowId = await createComfyWorkflow(stack.app);
  });
  afterAll(async () => {
    await worker?.stop();
    await comfy?.close();
    await stack?.close();
  });

  it('answers 503 while Redis is down, recovers by itself, and the batch completes with each item made once', async () => {
    const t = stack.app;
    worker = await startWorker(t, {
      ...comfyWorkerEnv(comfy.url),
      WORKER_LOCK_DURATION_MS: String(LOCK_MS),
      WORKER_STALLED_INTERVAL_MS: String(LOCK_MS / 2),
    });
    const id = await submitJob(t, token, { workflow_id: workflowId, batch_size: BATCH });
    await waitFor('the first items', async () => (await getJob(t, token, id)).batch_completed >= 5, 60_000);

    await stack.redis.stop();
    const refused = await t.request<{ error: string }>('POST', '/api/jobs', {
      token,
      body: { workflow_id: workflowId, batch_size: 1 },
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ error: 'The job queue is unavailable. Please try again in a moment.' });
    const queue = await t.request<{ error: string }>('GET', '/api/queue', { token });
    expect(queue.status).toBe(503);
    expect(queue.body).toEqual({ error: 'Service temporarily unavailable' });
    expect(queue.headers.get('retry-after')).toBe('5');
    // what lives in PostgreSQL alone is still served
    const during = await t.request<{ status: string }>('GET', `/api/jobs/${id}`, { token });
    expect(during.status).toBe(200);
    expect(during.body.status).toBe('processing');
    const { rows: kept } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
    expect(kept[0]!.n).toBe(1);
    // longer than the job's lock, and than the ten seconds or so ioredis keeps a command queued by default
    await sleep(OUTAGE_MS);

    await stack.redis.start();
    await waitFor('GET /api/queue to answer again', async () => {
      const res = await t.request('GET', '/api/queue', { token });
      return res.status === 200;
    });
    const done = await finalJob(t, token, id, worker);
    expect(done).toMatchObject({ status: 'completed', batch_completed: BATCH, error_message: null });
    expect(await itemCounts(t, id)).toEqual({ rows: BATCH, distinctItems: BATCH, firstIndex: 0, lastIndex: BATCH - 1 });
    // one runner at a time: no item was generated twice (the one in flight at the outage may have been)
    const prompts = promptsPerItem(comfy, id);
    expect([...prompts.keys()].sort((a, b) => a - b)).toEqual([...Array(BATCH).keys()]);
    expect([...prompts.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BATCH + 1);

    // the same worker, never restarted, takes new work
    expect(worker.child.exitCode).toBeNull();
    const next = await submitJob(t, token, { workflow_id: workflowId, batch_size: 2 });
    expect(await finalJob(t, token, next, worker)).toMatchObject({
      status: 'completed',
      batch_completed: 2,
    });
  });
});
