import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EokDouble } from '../doubles/eok-double.js';
import { getJob, submitJob } from '../support/pipeline.js';
import { createEokWorkflow, EOK_SLUG, EOK_SYSTEM_KEY } from '../support/eok-workflow.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';

/**
 * An eok attempt that fails in a way worth retrying (its generation's status not found) leaves its
 * generation running for the next attempt; a cancel while the pipeline waits for that attempt
 * still stops the generation on the server.
 */
describe('cancelling an eok item between its attempts', () => {
  let t: TestApp;
  let token: string;
  let workflowId: number;
  let double: EokDouble | undefined;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.login(await t.createUser({ username: 'painter' }));
    workflowId = await createEokWorkflow(t);
  });

  afterEach(async () => {
    await worker?.stop();
    await double?.close();
    worker = undefined;
    double = undefined;
  });

  afterAll(() => t.close());

  it('cancels the generation the failed attempt left running', async () => {
    // the first status poll answers 404 (the server lost track of it for a moment): worth another
    // attempt, which would follow the same generation, still queued on the server meanwhile
    const d = await EokDouble.start({ slugs: [EOK_SLUG] });
    double = d.hang().respondTimes(404, 1, undefined, 'status');
    const w = await startWorker(t, {
      EOK_URL: d.url,
      EOK_API_KEY: EOK_SYSTEM_KEY,
      EOK_POLL_START_MS: '20',
      EOK_REQUEST_TIMEOUT_MS: '2000',
      ITEM_MAX_ATTEMPTS: '3',
      // long enough for the cancel to land while the pipeline waits to try again
      ITEM_RETRY_BASE_MS: '60000',
      SHUTDOWN_GRACE_MS: '2000',
    });
    worker = w;
    const id = await submitJob(t, token, {
      workflow_id: workflowId,
      job_name: 'cancel between attempts',
      batch_size: 1,
      parameters: { prompt: 'a red fox' },
    });
    await waitFor('the first attempt to fail', () => w.output().includes('item attempt failed'), 20_000);
    expect(d.generations[0]?.status).toBe('queued');

    const res = await t.request<{ status: string }>('POST', `/api/jobs/${id}/cancel`, { token });
    expect(res.body.status).toBe('cancelled');
    await waitFor('the generation to be cancelled', () => d.generations[0]?.status === 'cancelled', 10_000);
    expect(d.generationCount).toBe(1);
    expect((await getJob(t, token, id)).status).toBe('cancelled');
  });
});
