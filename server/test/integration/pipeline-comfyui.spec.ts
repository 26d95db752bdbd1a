import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_JOB_STATUSES, type ConfigurableParam, type JobResults } from '@atelier/shared';
import { ComfyUiDouble } from '../doubles/comfyui-double.js';
import { smallTxt2imgGraph } from '../doubles/comfyui-fixtures.js';
import type { Graph } from '../doubles/comfyui-double-state.js';
import { jobCheckpoint, storedItems } from '../support/job-rows.js';
import { getJob, listen, submitJob, waitForJob } from '../support/pipeline.js';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';

const ENDED = [...FINAL_JOB_STATUSES];

const PARAMS: Record<string, ConfigurableParam> = {
  prompt: { type: 'text', display_name: 'Prompt', default_value: 'a lighthouse', node: '2', input: 'text' },
  steps: {
    type: 'number',
    display_name: 'Steps',
    min: 1,
    max: 50,
    step: 1,
    default_value: 4,
    node: '4',
    input: 'steps',
  },
  seed: {
    type: 'seed_control',
    display_name: 'Seed',
    default_mode: 'fixed',
    default_value: 11,
    node: '4',
    input: 'seed',
  },
};

const inputsOf = (prompt: Graph, node: string): Record<string, unknown> => prompt[node]!.inputs;

/**
 * JSON and slug workflows run by the real worker process on the ComfyUI double over loopback HTTP
 * and WebSocket (comfyui-protocol.md section 12), and how each fault ends the job (DESIGN section 3).
 */
describe('the pipeline on ComfyUI', () => {
  let t: TestApp;
  let token: string;
  let workflowId: number;
  let double: ComfyUiDouble | undefined;
  let proxy: RecordingProxy | undefined;
  let worker: WorkerProcess | undefined;

  /**
   * A fresh double (its faults are sticky) and a worker pointed at it with short timings; with
   * `recorded`, through a proxy that counts every request.
   */
  async function start(
    options: { faults?: (d: ComfyUiDouble) => void; env?: Record<string, string>; recorded?: boolean } = {},
  ): Promise<ComfyUiDouble> {
    const d = await ComfyUiDouble.start();
    double = d;
    options.faults?.(d);
    if (options.recorded) proxy = await startRecordingProxy(d.url);
    worker = await startWorker(t, {
      COMFYUI_URL: proxy?.url ?? d.url,
      COMFYUI_POLL_INTERVAL_MS: '100',
      COMFYUI_LOST_PROMPT_GRACE_MS: '300',
      COMFYUI_REQUEST_TIMEOUT_MS: '2000',
      ITEM_MAX_ATTEMPTS: '3',
      ITEM_RETRY_BASE_MS: '50',
      SHUTDOWN_GRACE_MS: '2000',
      ...options.env,
    });
    return d;
  }

  function submit(batchSize: number, parameters: Record<string, unknown> = {}): Promise<number> {
    return submitJob(t, token, {
      workflow_id: workflowId,
      job_name: `comfy x${batchSize}`,
      batch_size: batchSize,
      parameters,
    });
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
    await proxy?.close();
    worker = undefined;
    double = undefined;
    proxy = undefined;
  });

  afterAll(() => t.close());

  it('runs a batch: values written into the graph, live progress, outputs stored and served', async () => {
    const d = await start({ faults: (double) => double.slowRun(30) });
    const events = await listen(t, token);
    const id = await submit(2, { prompt: 'a lighthouse at dusk', steps: 5 });

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({ status: 'completed', batch_completed: 2, rejection_count: 0, error_message: null });

    expect(d.prompts).toHaveLength(2);
    const clientIds = new Set(d.socketConnections.map((c) => c.clientId));
    for (const [index, received] of d.prompts.entries()) {
      expect(inputsOf(received.prompt, '2').text).toBe('a lighthouse at dusk');
      expect(inputsOf(received.prompt, '4')).toMatchObject({ steps: 5, seed: 11 + index });
      expect(inputsOf(received.prompt, '6').filename_prefix).toBe(`atelier/${id}/atelier-test`);
      // run events only reach the socket named by client_id, opened before the POST
      expect(clientIds.has(String(received.clientId))).toBe(true);
    }

    await waitFor('the last step of each item', () =>
      [0, 1].every((i) => events.progress.some((p) => p.job_id === id && p.batch_index === i && p.value === 5)),
    );
    const progress = events.progress.filter((p) => p.job_id === id);
    expect(progress.every((p) => p.max === 5 && p.value >= 1 && p.value <= 5)).toBe(true);
    events.close();

    expect(await storedItems(t, id)).toEqual([
      { batch_index: 0, output_index: 0, seed_used: 11, content_type: 'image/png', files_exist: true },
      { batch_index: 1, output_index: 0, seed_used: 12, content_type: 'image/png', files_exist: true },
    ]);
    const results = (await t.request<JobResults>('GET', `/api/jobs/${id}/results`, { token })).body;
    expect(results.total).toBe(2);
    const image = await fetch(`${t.baseUrl}${results.items[0]!.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('tells the owner of an item done just after the last update, while the next one waits on ComfyUI', async () => {
    // item 0 ends moments after the job turned processing (inside one event interval); item 1 waits
    const d = await start({ faults: (double) => double.pauseAfter(1) });
    const events = await listen(t, token);
    const id = await submit(2, { steps: 1 });

    await waitFor('item 0 recorded', async () => (await jobCheckpoint(t, id)).batch_completed === 1);
    await waitFor(
      'the owner to hear of item 0 before the job page next polls',
      () => events.jobs.some((job) => job.id === id && job.batch_completed === 1),
      10_000,
    );
    expect(events.jobs.filter((job) => job.id === id).at(-1)).toMatchObject({
      status: 'processing',
      batch_completed: 1,
    });

    d.resumeQueue();
    expect((await waitForJob(t, token, id, ENDED, 20_000)).status).toBe('completed');
    events.close();
  });

  it('tells the owner of the last sampler step before a long pause, not only the first of a quick run of steps', async () => {
    const d = await start({ faults: (double) => double.holdAfterStep(3) });
    const events = await listen(t, token);
    const id = await submit(1, { steps: 5 });

    await waitFor(
      'the owner to hear of step 3 while the sampler waits after it',
      () => events.progress.some((p) => p.job_id === id && p.value === 3),
      10_000,
    );
    expect(events.progress.filter((p) => p.job_id === id).at(-1)).toEqual({
      job_id: id,
      batch_index: 0,
      value: 3,
      max: 5,
    });

    d.releaseStep();
    expect((await waitForJob(t, token, id, ENDED, 20_000)).status).toBe('completed');
    events.close();
  });

  it('runs a slug workflow on ComfyUI from its base file, replacing the override keys', async () => {
    const slug = 'comfy-portrait';
    const baseDir = path.join(t.dataDir, 'base-workflows');
    await mkdir(baseDir, { recursive: true });
    await writeFile(
      path.join(baseDir, `${slug}.json`),
      JSON.stringify(smallTxt2imgGraph({ text: 'override_prompt', steps: 'override_steps' })),
    );
    const { rows: definitions } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO override_definitions (override_key, display_name, data_type, validation_rules)
       VALUES ('override_prompt', 'Prompt', 'string', '{}'), ('override_steps', 'Steps', 'integer', '{"min": 1, "max": 50}')
       RETURNING id`,
    );
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, workflow_slug, seed_mode) VALUES ('Comfy portrait', 'slug', $1, 'fixed') RETURNING id`,
      [slug],
    );
    const slugWorkflowId = rows[0]!.id;
    await t.db.pool.query(
      `INSERT INTO workflow_overrides (workflow_id, override_definition_id, is_required, default_value, ui_parameter_name)
       VALUES ($1, $2, true, NULL, 'prompt'), ($1, $3, false, '3', 'steps')`,
      [slugWorkflowId, definitions[0]!.id, definitions[1]!.id],
    );
    const d = await start();

    const id = await submitJob(t, token, {
      workflow_id: slugWorkflowId,
      batch_size: 1,
      parameters: { prompt: 'a fox in a library', seed: 77 },
    });
    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({ status: 'completed', batch_completed: 1, error_message: null });
    const prompt = d.prompts[0]!.prompt;
    expect(inputsOf(prompt, '2').text).toBe('a fox in a library');
    expect(inputsOf(prompt, '4').steps).toBe(3);
    // the base graph has no override_seed: its sampler ran with the seed written in it, not the job's 77
    expect(inputsOf(prompt, '4').seed).toBe(1);
    expect((await storedItems(t, id)).map((i) => [i.batch_index, i.files_exist, i.seed_used])).toEqual([[0, true, 1]]);

    // the same base with the prompt optional: left blank, the key is replaced by an empty text
    const sketch = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, workflow_slug, seed_mode) VALUES ('Comfy sketch', 'slug', $1, 'fixed') RETURNING id`,
      [slug],
    );
    await t.db.pool.query(
      `INSERT INTO workflow_overrides (workflow_id, override_definition_id, is_required, default_value, ui_parameter_name)
       VALUES ($1, $2, false, NULL, 'prompt'), ($1, $3, false, '3', 'steps')`,
      [sketch.rows[0]!.id, definitions[0]!.id, definitions[1]!.id],
    );
    const blank = await submitJob(t, token, {
      workflow_id: sketch.rows[0]!.id,
      batch_size: 1,
      parameters: { prompt: '' },
    });
    expect(await waitForJob(t, token, blank, ENDED, 20_000)).toMatchObject({
      status: 'completed',
      error_message: null,
    });
    expect(inputsOf(d.prompts[1]!.prompt, '2').text).toBe('');
  });

  it('stores no seed for a JSON workflow whose sampler takes its seed from another node, rather than one never used', async () => {
    const linked = smallTxt2imgGraph();
    (linked['4'] as { inputs: Record<string, unknown> }).inputs.seed = ['7', 0];
    linked['7'] = { class_type: 'PrimitiveInt', inputs: { value: 5 } };
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, graph, configurable_params) VALUES ('Own seed', 'comfyui', $1, $2) RETURNING id`,
      [JSON.stringify(linked), JSON.stringify({ prompt: PARAMS.prompt })],
    );
    await start();
    const id = await submitJob(t, token, { workflow_id: rows[0]!.id, batch_size: 1, parameters: { prompt: 'a moth' } });
    expect(await waitForJob(t, token, id, ENDED, 20_000)).toMatchObject({ status: 'completed', batch_completed: 1 });
    expect((await storedItems(t, id)).map((i) => [i.batch_index, i.files_exist, i.seed_used])).toEqual([
      [0, true, null],
    ]);
  });

  it('stores only the images of a run that also saved a sound, and fails a run that saved nothing else', async () => {
    const audio = { class_type: 'SaveAudio', inputs: { filename_prefix: 'audio/atelier-test', audio: ['8', 0] } };
    const source = { class_type: 'EmptyLatentAudio', inputs: { seconds: 1 } };
    const withSound = { ...smallTxt2imgGraph(), '7': audio, '8': source };
    const soundOnly = { '7': audio, '8': source };
    const ids: number[] = [];
    for (const [name, graph] of [
      ['With sound', withSound],
      ['Sound only', soundOnly],
    ] as const) {
      const { rows } = await t.db.pool.query<{ id: number }>(
        `INSERT INTO workflows (name, workflow_type, graph, configurable_params) VALUES ($1, 'comfyui', $2, '{}') RETURNING id`,
        [name, JSON.stringify(graph)],
      );
      ids.push(rows[0]!.id);
    }
    await start();
    const [both, sound] = [
      await submitJob(t, token, { workflow_id: ids[0], batch_size: 1, parameters: {} }),
      await submitJob(t, token, { workflow_id: ids[1], batch_size: 1, parameters: {} }),
    ];
    expect(await waitForJob(t, token, both, ENDED, 20_000)).toMatchObject({ status: 'completed', batch_completed: 1 });
    const results = (await t.request<JobResults>('GET', `/api/jobs/${both}/results`, { token })).body;
    const extension = (url: string) => path.extname(new URL(url, t.baseUrl).pathname);
    expect(results.items.map((item) => [item.media_type, extension(item.url)])).toEqual([['image', '.png']]);

    const failed = await waitForJob(t, token, sound, ENDED, 20_000);
    expect(failed).toMatchObject({ status: 'failed', batch_completed: 0 });
    expect(failed.error_message).toBe('The workflow produced no image or video (only audio/flac)');
  });

  it('400 with node_errors: failed at once with the node error as error_message, no per-item retries', async () => {
    await start({ faults: (double) => double.respondWith400NodeErrors(), recorded: true });
    const id = await submit(3);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({
      status: 'failed',
      batch_completed: 0,
      error_message:
        'ComfyUI refused the workflow: Prompt outputs failed validation (KSampler: value_bigger_than_max steps)',
    });
    expect(proxy!.count('POST', '/prompt')).toBe(1);
    // the whole job ended at the first item: no item was recorded as failed, none was started after it
    expect(await jobCheckpoint(t, id)).toMatchObject({ next_batch_index: 0, failed_count: 0 });
    expect(await storedItems(t, id)).toEqual([]);
  });

  it('execution_error: each item fails with the exception message, the job fails with it', async () => {
    const d = await start({
      faults: (double) => double.failWithExecutionError('CUDA error: device-side assert triggered'),
    });
    const id = await submit(2);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({
      status: 'failed',
      batch_completed: 0,
      rejection_count: 0,
      rejection_reasons: [],
      error_message: 'RuntimeError: CUDA error: device-side assert triggered',
    });
    // not an out-of-memory error, so not worth another attempt: one prompt per item
    expect(d.prompts).toHaveLength(2);
    expect(await jobCheckpoint(t, id)).toMatchObject({ next_batch_index: 2, failed_count: 2 });
    expect(await storedItems(t, id)).toEqual([]);
  });

  it('socket dropped mid-run: the run is followed by polling and the job still completes', async () => {
    const d = await start({ faults: (double) => double.dropSocketMidRun().slowRun(80) });
    const id = await submit(1, { steps: 6 });

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({ status: 'completed', batch_completed: 1, error_message: null });
    const promptId = d.prompts[0]!.promptId;
    // while the socket was refused, /history (not there yet) and /queue were asked instead
    expect(d.historyReads.some((r) => r.promptId === promptId && !r.found)).toBe(true);
    expect(d.queueReads).toBeGreaterThan(0);
    expect(d.prompts).toHaveLength(1);
    expect((await storedItems(t, id)).map((i) => i.files_exist)).toEqual([true]);
  });

  it('history {} forever: failed with a "lost" error_message after a bounded number of attempts', async () => {
    const d = await start({ faults: (double) => double.emptyHistory(), env: { ITEM_MAX_ATTEMPTS: '2' } });
    const id = await submit(1);

    const job = await waitForJob(t, token, id, ENDED, 30_000);
    expect(job).toMatchObject({
      status: 'failed',
      batch_completed: 0,
      // the item that failed is counted where the owner reads the job
      failed_count: 1,
      error_message: 'ComfyUI lost the prompt (restarted or history cleared)',
    });
    // each attempt is a prompt of its own that ComfyUI ran and then forgot
    expect(d.prompts).toHaveLength(2);
    expect(new Set(d.prompts.map((p) => p.promptId)).size).toBe(2);
    expect(await jobCheckpoint(t, id)).toMatchObject({ next_batch_index: 1, failed_count: 1 });
  });

  it('cancel while running: the job is cancelled and ComfyUI is told to interrupt that prompt', async () => {
    const d = await start({ faults: (double) => double.slowRun(100) });
    const id = await submit(3, { steps: 40 });
    await waitFor('the first prompt to run', () => d.prompts[0] !== undefined && d.isRunning(d.prompts[0].promptId));
    const promptId = d.prompts[0]!.promptId;

    const res = await t.request<{ status: string }>('POST', `/api/jobs/${id}/cancel`, { token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');

    await waitFor('the interrupt', () => d.interrupts.includes(promptId));
    await waitFor('the run to stop', () => d.historyOf(promptId)?.status.status_str === 'error');
    expect(d.historyOf(promptId)!.status.messages.map(([type]) => type)).toContain('execution_interrupted');
    // the worker let go of the job: no later item is queued and nothing is recorded
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(d.prompts).toHaveLength(1);
    expect(await getJob(t, token, id)).toMatchObject({ status: 'cancelled', batch_completed: 0 });
    expect(await storedItems(t, id)).toEqual([]);
  });

  it('SIGTERM mid-item: the job is handed back, its prompt interrupted on ComfyUI, and another worker finishes it', async () => {
    // 50 steps of 80 ms: each item outlasts half the 4 s grace period, so it is left behind; the
    // grace is long enough that the cancel, the hand-back and closing down fit on a loaded machine
    const d = await start({ faults: (double) => double.slowRun(80), env: { SHUTDOWN_GRACE_MS: '4000' } });
    const id = await submit(2, { steps: 50 });
    await waitFor('the first prompt to run', () => d.prompts[0] !== undefined && d.isRunning(d.prompts[0].promptId));
    const promptId = d.prompts[0]!.promptId;

    expect(await worker!.stop()).toBe(0);
    expect(d.interrupts).toContain(promptId);
    await waitFor('the run to stop', () => d.historyOf(promptId)?.status.status_str === 'error');
    const handedBack = await getJob(t, token, id);
    expect(handedBack.batch_completed).toBe(0);
    expect(['submitting', 'processing']).toContain(handedBack.status);

    worker = await startWorker(t, { COMFYUI_URL: d.url, COMFYUI_POLL_INTERVAL_MS: '100' });
    const done = await waitForJob(t, token, id, ENDED, 30_000);
    expect(done).toMatchObject({ status: 'completed', batch_completed: 2 });
    expect((await storedItems(t, id)).map((item) => item.batch_index)).toEqual([0, 1]);
  }, 60_000);

  it('SIGKILL mid-item: the worker that takes the job over stops the prompt the dead one left running', async () => {
    const takeover = { WORKER_LOCK_DURATION_MS: '2000', WORKER_STALLED_INTERVAL_MS: '1000' };
    // 50 steps of 300 ms: the dead worker's prompt would run on for longer than the takeover takes
    const d = await start({ faults: (double) => double.slowRun(300), env: takeover });
    const id = await submit(1, { steps: 50 });
    await waitFor('the first prompt to run', () => d.prompts[0] !== undefined && d.isRunning(d.prompts[0].promptId));
    const orphan = d.prompts[0]!.promptId;

    await worker!.kill();
    worker = await startWorker(t, { COMFYUI_URL: d.url, COMFYUI_POLL_INTERVAL_MS: '100', ...takeover });
    await waitFor('the job taken over', () => d.prompts.length === 2, 15_000);
    await waitFor('the orphan to stop', () => d.historyOf(orphan)?.status.status_str === 'error');
    expect(d.interrupts).toContain(orphan);
    expect(d.historyOf(orphan)!.status.messages.map(([type]) => type)).toContain('execution_interrupted');
    // the second prompt is the item's, not a stranger's: it says so, and no other Atelier's is touched
    expect(d.prompts[1]!.extraData).toMatchObject({ atelier: { job_id: id, batch_index: 0 } });
  }, 60_000);
});
