import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_JOB_STATUSES, type ConfigurableParam } from '@atelier/shared';
import { ComfyUiDouble, type ScriptedAnswer } from '../doubles/comfyui-double.js';
import { smallTxt2imgGraph } from '../doubles/comfyui-fixtures.js';
import { storedItems } from '../support/job-rows.js';
import { submitJob, waitForJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';

const PARAMS: Record<string, ConfigurableParam> = {
  prompt: { type: 'text', display_name: 'Prompt', default_value: 'a lighthouse', node: '2', input: 'text' },
};

/**
 * An output file that arrives with no bytes (200, empty body), or with more than OUTPUT_MAX_BYTES,
 * never becomes a gallery item.
 */
describe('the pipeline given an empty or oversized output file', () => {
  let t: TestApp;
  let token: string;
  let workflowId: number;
  let double: ComfyUiDouble | undefined;
  let worker: WorkerProcess | undefined;

  const empty: ScriptedAnswer = { status: 200, body: '', contentType: 'image/png' };

  async function run(views: ScriptedAnswer[], env: Record<string, string> = {}) {
    const d = await ComfyUiDouble.start();
    double = d;
    d.answerNext('GET /view', ...views);
    worker = await startWorker(t, {
      ...env,
      COMFYUI_URL: d.url,
      COMFYUI_POLL_INTERVAL_MS: '100',
      COMFYUI_REQUEST_TIMEOUT_MS: '2000',
      ITEM_MAX_ATTEMPTS: '3',
      ITEM_RETRY_BASE_MS: '50',
      SHUTDOWN_GRACE_MS: '2000',
    });
    const id = await submitJob(t, token, { workflow_id: workflowId, job_name: 'empty', batch_size: 1, parameters: {} });
    return { id, job: await waitForJob(t, token, id, [...FINAL_JOB_STATUSES], 30_000) };
  }

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.login(await t.createUser({ username: 'painter' }));
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, graph, configurable_params) VALUES ('Txt2img', 'comfyui', $1, $2) RETURNING id`,
      [JSON.stringify(smallTxt2imgGraph()), JSON.stringify(PARAMS)],
    );
    workflowId = rows[0]!.id;
  });

  afterEach(async () => {
    await worker?.stop();
    await double?.close();
    worker = undefined;
    double = undefined;
  });

  afterAll(() => t.close());

  it('fetches the item again and stores the real image when one download comes back empty', async () => {
    const { id, job } = await run([empty]);
    expect(job).toMatchObject({ status: 'completed', batch_completed: 1, error_message: null });
    const items = await storedItems(t, id);
    expect(items).toHaveLength(1);
    expect(items[0]?.files_exist).toBe(true);
  });

  it('fails the item with a message saying so when every download comes back empty', async () => {
    const { id, job } = await run(Array<ScriptedAnswer>(10).fill(empty));
    expect(job).toMatchObject({ status: 'failed', batch_completed: 0 });
    expect(job.error_message).toBe('The generation server sent an empty file (output 0)');
    expect(await storedItems(t, id)).toEqual([]);
  });

  it('fails the item at once, keeping nothing, when an output runs past OUTPUT_MAX_BYTES', async () => {
    const { id, job } = await run(['huge', 'huge', 'huge'], { OUTPUT_MAX_BYTES: String(256 * 1024) });
    expect(job).toMatchObject({ status: 'failed', batch_completed: 0 });
    expect(job.error_message).toBe(
      'The generation server sent a file larger than the 256 KiB limit (atelier-test_00001_.png)',
    );
    expect(await storedItems(t, id)).toEqual([]);
    expect(double?.answersLeft('GET /view')).toBe(2);
  });
});
