import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiDouble } from '../doubles/comfyui-double.js';
import { getJob, listen, submitJob } from '../support/pipeline.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';
import { comfyWorkerEnv, createComfyWorkflow, promptsPerItem } from './support/comfy-workflow.js';
import { finalJob } from './support/final-job.js';
import { itemCounts } from './support/gallery-rows.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';

const BATCH = 30;
const OUTAGE_MS = 5000;

describe('PostgreSQL restarts in the middle of a batch', () => {
  let stack: OwnStack;
  let comfy: ComfyUiDouble;
  let worker: WorkerProcess | undefined;
  let workflowId: number;

  beforeAll(async () => {
    stack = await startOwnStack();
    comfy = (await ComfyUiDouble.start()).slowRun(40);
    workflowId = await createComfyWorkflow(stack.app);
  });
  afterAll(async () => {
    await worker?.stop();
    await comfy?.close();
    await stack?.close();
  });

  it('answers 503 while PostgreSQL is down, recovers by itself, and no item is lost or made twice', async () => {
    const t = stack.app;
    const user = await t.createUser();
    const userToken = await t.login(user);
    worker = await startWorker(t, comfyWorkerEnv(comfy.url));
    const id = await submitJob(t, userToken, { workflow_id: workflowId, batch_size: BATCH });
    await waitFor('the first items', async () => (await getJob(t, userToken, id)).batch_completed >= 5, 60_000);

    await stack.postgres.stop();
    const unavailable = { status: 503, body: { error: 'Service temporarily unavailable' } };
    const answer = async (method: string, path: string, options: Parameters<typeof t.request>[2] = {}) => {
      const res = await t.request(method, path, options);
      return { status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') };
    };
    // signed in, but the session cannot be checked: not a 401, which would sign the user out
    expect(await answer('GET', `/api/jobs/${id}`, { token: userToken })).toEqual({ ...unavailable, retryAfter: '5' });
    expect(await answer('GET', '/api/queue', { token: userToken })).toEqual({ ...unavailable, retryAfter: '5' });
    expect(
      await answer('POST', '/api/jobs', { token: userToken, body: { workflow_id: workflowId, batch_size: 1 } }),
    ).toEqual({ ...unavailable, retryAfter: '5' });
    // right credentials are not called wrong
    expect(await answer('POST', '/api/login', { body: { username: user.username, password: user.password } })).toEqual({
      ...unavailable,
      retryAfter: '5',
    });
    expect((await t.request('GET', '/api/health')).body).toMatchObject({ database: 'down', redis: 'up' });
    // a live connection made now is not refused as unauthorized: the client is told to come back
    expect(await listen(t, userToken).catch((error: Error) => error.message)).toBe('unavailable');
    // long enough for the worker to fail the job's run on the database and retry it
    await sleep(OUTAGE_MS);

    await stack.postgres.start();
    await waitFor('GET /api/jobs/:id to answer again', async () => {
      const res = await t.request('GET', `/api/jobs/${id}`, { token: userToken });
      return res.status === 200;
    });
    // and once the database is back, the same token connects
    (await listen(t, userToken)).close();
    const done = await finalJob(t, userToken, id, worker);
    expect(done).toMatchObject({ status: 'completed', batch_completed: BATCH, error_message: null });
    expect(await itemCounts(t, id)).toEqual({ rows: BATCH, distinctItems: BATCH, firstIndex: 0, lastIndex: BATCH - 1 });
    // made again at most: the item whose result could not be recorded while the database was away
    const prompts = promptsPerItem(comfy, id);
    expect([...prompts.keys()].sort((a, b) => a - b)).toEqual([...Array(BATCH).keys()]);
    expect([...prompts.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(BATCH + 1);

    expect(worker.child.exitCode).toBeNull();
    const next = await submitJob(t, userToken, { workflow_id: workflowId, batch_size: 2 });
    expect(await finalJob(t, userToken, next, worker)).toMatchObject({ status: 'completed', batch_completed: 2 });
  });
});
