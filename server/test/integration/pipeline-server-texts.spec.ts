import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_JOB_STATUSES } from '@atelier/shared';
import { EokDouble } from '../doubles/eok-double.js';
import { storedItems } from '../support/job-rows.js';
import { submitJob, waitForJob } from '../support/pipeline.js';
import { createEokWorkflow, EOK_SLUG, EOK_SYSTEM_KEY } from '../support/eok-workflow.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';

/**
 * Texts the generation server writes (a failure's error, a rejection's reason, an output's declared
 * content_type) are the server's own: one holding a NUL character, which PostgreSQL cannot store,
 * still ends the job.
 */
describe('the pipeline given server texts PostgreSQL cannot store as they are', () => {
  let t: TestApp;
  let token: string;
  let workflowId: number;
  let double: EokDouble | undefined;
  let worker: WorkerProcess | undefined;

  async function run(script: (d: EokDouble) => void) {
    const d = await EokDouble.start({ slugs: [EOK_SLUG], steps: 1 });
    double = d;
    script(d);
    worker = await startWorker(t, {
      EOK_URL: d.url,
      EOK_API_KEY: EOK_SYSTEM_KEY,
      EOK_POLL_START_MS: '20',
      EOK_REQUEST_TIMEOUT_MS: '2000',
      ITEM_MAX_ATTEMPTS: '2',
      SHUTDOWN_GRACE_MS: '2000',
    });
    const id = await submitJob(t, token, {
      workflow_id: workflowId,
      job_name: 'texts',
      batch_size: 1,
      parameters: { prompt: 'a red fox' },
    });
    return { id, job: await waitForJob(t, token, id, [...FINAL_JOB_STATUSES], 20_000) };
  }

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

  it("fails the job with the server's error when that error holds a NUL character", async () => {
    const { job } = await run((d) => d.fail([0], 'CUDA error\u0000 at node 7'));
    expect(job).toMatchObject({ status: 'failed', batch_completed: 0, error_message: 'CUDA error at node 7' });
  });

  it("lists the server's rejection reason when that reason holds a NUL character", async () => {
    const { job } = await run((d) => d.reject([0], 'post-classification:\u0000 a weapon'));
    expect(job).toMatchObject({ status: 'failed', rejection_count: 1, error_message: null });
    expect(job.rejection_reasons.map((r) => r.reason)).toEqual(['post-classification: a weapon']);
  });

  it('stores the image, typed by what it is, when its declared content_type holds a NUL character', async () => {
    const { id, job } = await run((d) => d.outputs(1, { contentType: 'image/png\u0000' }));
    expect(job).toMatchObject({ status: 'completed', batch_completed: 1, error_message: null });
    expect((await storedItems(t, id)).map((i) => [i.content_type, i.files_exist])).toEqual([['image/png', true]]);
  });
});
