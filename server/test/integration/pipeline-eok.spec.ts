import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_JOB_STATUSES, type JobResults } from '@atelier/shared';
import { SecretCipher, SecretDecryptError } from '../../src/secrets/secret-cipher.js';
import { EokDouble } from '../doubles/eok-double.js';
import { jobCheckpoint, storedItems } from '../support/job-rows.js';
import { getJob, submitJob, waitForJob } from '../support/pipeline.js';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';

const SLUG = 'flux-portrait';
const SYSTEM_KEY = 'eok-system-key-0123456789abcdefghij';
const USER_KEY = 'eok-user-key-zyxwvutsrqponmlkjihgfe';
const ENDED = [...FINAL_JOB_STATUSES];
const REJECTION = 'post-classification: the image shows a weapon';

/**
 * Slug workflows run by the real worker process on the eok double over loopback HTTP: the
 * contract's faults (eok-contract.md) and how each ends the job (DESIGN section 3).
 */
describe('the pipeline on the external generation server (eok)', () => {
  let t: TestApp;
  let token: string;
  let workflowId: number;
  let proxy: RecordingProxy;
  let worker: WorkerProcess;
  let double: EokDouble | undefined;

  /**
   * A fresh double for one test (its faults are sticky), reached by the file's one worker through
   * a proxy: EOK_URL stays the same while the server behind it changes.
   */
  async function start(faults: (d: EokDouble) => void = () => undefined): Promise<EokDouble> {
    const d = await EokDouble.start({ slugs: [SLUG], steps: 2 });
    double = d;
    faults(d);
    proxy.retarget(d.url);
    return d;
  }

  const workerEnv = () => ({
    EOK_URL: proxy.url,
    EOK_API_KEY: SYSTEM_KEY,
    EOK_POLL_START_MS: '20',
    EOK_REQUEST_TIMEOUT_MS: '2000',
    ITEM_MAX_ATTEMPTS: '3',
    ITEM_RETRY_BASE_MS: '50',
    // the hand-back and closing down fit well inside it on a loaded machine (exit 0 is asserted)
    SHUTDOWN_GRACE_MS: '4000',
  });

  function submit(batchSize: number, as = token, prompt = 'a red fox in the snow'): Promise<number> {
    return submitJob(t, as, {
      workflow_id: workflowId,
      job_name: `eok x${batchSize}`,
      batch_size: batchSize,
      parameters: { prompt, seed: { mode: 'fixed', seed: 500 } },
    });
  }

  async function results(jobId: number, as = token): Promise<JobResults> {
    return (await t.request<JobResults>('GET', `/api/jobs/${jobId}/results`, { token: as })).body;
  }

  beforeAll(async () => {
    t = await startTestApp();
    proxy = await startRecordingProxy();
    worker = await startWorker(t, workerEnv());
    token = await t.login(await t.createUser({ username: 'painter' }));
    const definitions = await t.db.pool.query<{ id: number }>(
      `INSERT INTO override_definitions (override_key, display_name, data_type, validation_rules)
       VALUES ('override_prompt', 'Prompt', 'string', '{"max_length": 500}'),
              ('override_steps', 'Steps', 'integer', '{"min": 1, "max": 50}')
       RETURNING id`,
    );
    const [promptDefinition, stepsDefinition] = definitions.rows.map((r) => r.id);
    const workflow = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, workflow_slug, eok_runtime, eok_provider, eok_bucket_name,
         download_dir, eok_pre_classification_type, eok_post_classification_type, seed_mode)
       VALUES ('Portrait', 'slug', $1, 'comfy-0.3', 'vast', 'atelier-out', 'portraits', 'permissive', 'strict', 'fixed')
       RETURNING id`,
      [SLUG],
    );
    workflowId = workflow.rows[0]!.id;
    await t.db.pool.query(
      `INSERT INTO workflow_overrides (workflow_id, override_definition_id, is_required, default_value, ui_parameter_name, display_order)
       VALUES ($1, $2, true, NULL, 'prompt', 0), ($1, $3, false, '20', 'steps', 1)`,
      [workflowId, promptDefinition, stepsDefinition],
    );
  });

  afterEach(async () => {
    await double?.close();
    double = undefined;
  });

  afterAll(async () => {
    await worker.stop();
    await proxy.close();
    await t.close();
  });

  it('refuses a blank required override at submit, before anything is queued', async () => {
    const res = await t.request<{ error: string }>('POST', '/api/jobs', {
      token,
      body: { workflow_id: workflowId, batch_size: 1, parameters: { prompt: '' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Prompt is required');
  });

  it('429 with Retry-After, then 200: waits as told, resubmits with the same Idempotency-Key, one generation', async () => {
    const d = await start((double) => double.respondTimes(429, 1, 2, 'submit'));
    const id = await submit(1);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({
      status: 'completed',
      batch_completed: 1,
      rejection_count: 0,
      rejection_reasons: [],
      error_message: null,
    });

    const submits = d.received('POST', '/v1/generations');
    expect(submits).toHaveLength(2);
    expect(submits.map((s) => s.headers['idempotency-key'])).toEqual([`${id}:0`, `${id}:0`]);
    // Retry-After: 2 s, longer than the client's own first backoff (at most 1 s), so only the
    // header explains the wait (timers may round a millisecond early)
    expect(submits[1]!.at - submits[0]!.at).toBeGreaterThanOrEqual(1990);
    expect(d.generationCount).toBe(1);
    expect(d.generations[0]!.body).toEqual({
      slug: SLUG,
      runtime: 'comfy-0.3',
      provider: 'vast',
      generation_type: 'image',
      bucket_name: 'atelier-out',
      download_dir: 'portraits',
      pre_classification_type: 'permissive',
      post_classification_type: 'strict',
      seed: 500,
      overrides: { override_prompt: 'a red fox in the snow', override_steps: 20 },
      batch_index: 0,
    });
    expect(await storedItems(t, id)).toEqual([
      { batch_index: 0, output_index: 0, seed_used: 500, content_type: 'image/png', files_exist: true },
    ]);
  });

  it('5xx on submit and on a status poll, then success: completed, exactly one generation per item', async () => {
    const d = await start((double) =>
      double.respondTimes(503, 2, undefined, 'submit-after-create').respondTimes(502, 1, undefined, 'status'),
    );
    const id = await submit(2);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({ status: 'completed', batch_completed: 2, rejection_count: 0, error_message: null });

    // the first item's submit was answered 503 twice after the server had created it: the
    // resubmits carried the same key and found that generation instead of making another
    const keys = d.received('POST', '/v1/generations').map((s) => s.headers['idempotency-key']);
    expect(keys).toEqual([`${id}:0`, `${id}:0`, `${id}:0`, `${id}:1`]);
    expect(d.generationCount).toBe(2);
    expect(d.generations.map((g) => [g.idempotencyKey, g.status])).toEqual([
      [`${id}:0`, 'succeeded'],
      [`${id}:1`, 'succeeded'],
    ]);
    expect((await storedItems(t, id)).map((i) => [i.batch_index, i.seed_used, i.files_exist])).toEqual([
      [0, 500, true],
      [1, 501, true],
    ]);
  });

  it('rejected for some batch indexes: partial_success with a rejection reason for exactly those', async () => {
    await start((double) => double.reject([1, 3], REJECTION));
    const id = await submit(4);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({
      status: 'partial_success',
      batch_completed: 2,
      rejection_count: 2,
      error_message: null,
    });
    expect(job.rejection_reasons.map(({ batch_index, reason }) => ({ batch_index, reason }))).toEqual([
      { batch_index: 1, reason: REJECTION },
      { batch_index: 3, reason: REJECTION },
    ]);
    for (const entry of job.rejection_reasons) expect(Date.parse(entry.timestamp)).not.toBeNaN();
    expect((await storedItems(t, id)).map((i) => i.batch_index)).toEqual([0, 2]);

    const body = await results(id);
    expect(body.total).toBe(2);
    expect(body.items.map((i) => i.batch_index).sort()).toEqual([0, 2]);
    expect(body.rejections).toEqual(job.rejection_reasons);
    expect(await jobCheckpoint(t, id)).toMatchObject({ next_batch_index: 4, failed_count: 0 });
  });

  it('every item rejected: failed with rejection_reasons and no error_message, no gallery items', async () => {
    await start((double) => double.reject([0, 1], REJECTION));
    const id = await submit(2);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    // what the client needs for its 'Content Policy Violation' panel: failed, by policy
    expect(job).toMatchObject({ status: 'failed', batch_completed: 0, rejection_count: 2, error_message: null });
    expect(job.rejection_reasons.map((r) => r.batch_index)).toEqual([0, 1]);
    expect(job.rejection_reasons.every((r) => r.reason === REJECTION)).toBe(true);
    expect(await storedItems(t, id)).toEqual([]);
    expect((await results(id)).total).toBe(0);
  });

  it('a generation the server fails: that item fails with its error, without resubmits that return it again', async () => {
    const d = await start((double) => double.fail([0], 'CUDA error: an illegal memory access was encountered'));
    const id = await submit(2);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({
      status: 'partial_success',
      batch_completed: 1,
      rejection_count: 0,
      rejection_reasons: [],
      error_message: 'CUDA error: an illegal memory access was encountered',
    });
    expect(await jobCheckpoint(t, id)).toMatchObject({ next_batch_index: 2, failed_count: 1 });
    // the same Idempotency-Key can only ever return the same failed generation
    expect(d.received('POST', '/v1/generations').map((s) => s.headers['idempotency-key'])).toEqual([
      `${id}:0`,
      `${id}:1`,
    ]);
    expect((await storedItems(t, id)).map((i) => i.batch_index)).toEqual([1]);
  });

  it('a generation cancelled on the server by someone else: the item fails and the job still ends', async () => {
    const d = await start((double) => double.hang());
    const id = await submit(1);
    await waitFor('the generation to run', () => d.generations[0]?.status === 'running', 20_000);
    d.cancelGeneration(d.generations[0]!.id);

    const job = await waitForJob(t, token, id, ENDED, 10_000);
    expect(job).toMatchObject({
      status: 'failed',
      batch_completed: 0,
      error_message: 'The generation was cancelled on the generation server',
    });
    expect(await jobCheckpoint(t, id)).toMatchObject({ next_batch_index: 1, failed_count: 1 });
    expect(d.received('POST', '/v1/generations')).toHaveLength(1);
  });

  it('401 (a refused key): failed at once with a clear message, not retried, and the key never logged', async () => {
    const d = await start((double) => double.requireKey('the-only-key-the-server-takes'));
    const id = await submit(3);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({
      status: 'failed',
      batch_completed: 0,
      rejection_count: 0,
      error_message: 'The external generation server refused the API key',
    });
    // one request in all: neither the eok client nor the item runner tried again, and no later item ran
    expect(d.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/generations']);
    expect(d.generationCount).toBe(0);
    expect(await jobCheckpoint(t, id)).toMatchObject({ next_batch_index: 0, failed_count: 0 });
    expect(worker.output()).not.toContain(SYSTEM_KEY);
  });

  it('a key revoked after some items: partial_success with those items and the error that stopped the rest', async () => {
    const d = await start((double) => double.revokeKeyFrom(2));
    const id = await submit(4);

    const job = await waitForJob(t, token, id, ENDED, 20_000);
    expect(job).toMatchObject({
      status: 'partial_success',
      batch_completed: 2,
      error_message: 'The external generation server refused the API key',
    });
    expect(job.actual_duration).toEqual(expect.any(Number));
    expect(d.generationCount).toBe(2);
    expect((await storedItems(t, id)).map((i) => i.batch_index)).toEqual([0, 1]);
  });

  it("sends the user's own eok_api_key when set, else the system EOK_API_KEY", async () => {
    const keyed = await t.createUser({ username: 'keyed' });
    // stored as the API stores it, encrypted: the worker process decrypts it with the same key material
    const stored = t.app.get(SecretCipher).encrypt(USER_KEY);
    await t.db.pool.query('UPDATE users SET eok_api_key = $1 WHERE id = $2', [stored, keyed.id]);
    const keyedToken = await t.login(keyed);
    const d = await start();

    const own = await submit(1, keyedToken);
    const system = await submit(1);
    expect((await waitForJob(t, keyedToken, own, ENDED, 20_000)).status).toBe('completed');
    expect((await waitForJob(t, token, system, ENDED, 20_000)).status).toBe('completed');

    /** Every API call made for one job: its submits by key, its polls by generation id. */
    const authorizationsOf = (jobId: number) => {
      const generation = d.generations.find((g) => g.idempotencyKey === `${jobId}:0`)!;
      const ofGeneration = new RegExp(`^/v1/generations/${generation.id}(/|$)`);
      const calls = d.requests.filter(
        (r) => r.headers['idempotency-key'] === `${jobId}:0` || ofGeneration.test(r.path),
      );
      expect(calls.map((c) => c.method)).toEqual(expect.arrayContaining(['POST', 'GET']));
      return new Set(calls.map((c) => c.headers.authorization));
    };
    expect(authorizationsOf(own)).toEqual(new Set([`Bearer ${USER_KEY}`]));
    expect(authorizationsOf(system)).toEqual(new Set([`Bearer ${SYSTEM_KEY}`]));
    // the outputs are served from another origin than EOK_URL (the double, not the proxy): no key goes there
    const downloads = d.requests.filter((r) => r.path.startsWith('/outputs/'));
    expect(downloads).toHaveLength(2);
    expect(downloads.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(worker.output()).not.toContain(USER_KEY);
  });

  it('fails the job, sending nothing, when the stored key no longer decrypts', async () => {
    const stale = await t.createUser({ username: 'stale-key' });
    const otherKey = SecretCipher.fromSecrets('another-secrets-key-of-40-characters-xxxx', 'x'.repeat(40));
    await t.db.pool.query('UPDATE users SET eok_api_key = $1 WHERE id = $2', [otherKey.encrypt(USER_KEY), stale.id]);
    const d = await start();
    const id = await submit(2, await t.login(stale));
    const job = await waitForJob(t, await t.login(stale), id, ENDED, 20_000);
    expect(job).toMatchObject({ status: 'failed', error_message: new SecretDecryptError().message });
    expect(d.requests).toEqual([]);
  });

  it('cancel while an item runs: the job is cancelled and the server gets the cancel call', async () => {
    const d = await start((double) => double.hang());
    const id = await submit(3);
    await waitFor('the first generation to run', () => d.generations[0]?.status === 'running', 20_000);
    // the server has taken the first item: the job is past submitting (DESIGN section 3)
    await waitFor('the job to be processing', async () => (await getJob(t, token, id)).status === 'processing');

    const res = await t.request<{ status: string }>('POST', `/api/jobs/${id}/cancel`, { token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');

    const generationId = d.generations[0]!.id;
    await waitFor('the cancel call', () => d.received('POST', `/v1/generations/${generationId}/cancel`).length > 0);
    expect(d.generations[0]!.status).toBe('cancelled');
    // the worker let go of the job: no later item is submitted and nothing is recorded
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(d.generationCount).toBe(1);
    const cancelled = await getJob(t, token, id);
    expect(cancelled).toMatchObject({ status: 'cancelled', batch_completed: 0 });
    // it ran until the cancel: completed_at and actual_duration say for how long
    expect(cancelled.actual_duration).toBeGreaterThan(0);
    expect(await storedItems(t, id)).toEqual([]);
  });

  it('EOK_ITEM_TIMEOUT_S bounds the item across its retries: it fails as timed out, its one generation stopped', async () => {
    const d = await start((double) => double.hang().respondTimes(503, 10_000, undefined, 'status'));
    await worker.stop();
    // each attempt's status polls fail until their backoff would pass the bound; retries start anew
    worker = await startWorker(t, {
      ...workerEnv(),
      EOK_ITEM_TIMEOUT_S: '2',
      ITEM_MAX_ATTEMPTS: '6',
      ITEM_RETRY_BASE_MS: '500',
    });
    try {
      const id = await submit(1);
      const job = await waitForJob(t, token, id, ENDED, 30_000);
      expect(job).toMatchObject({
        status: 'failed',
        error_message: 'Timed out after 2 s on the external generation server',
      });
      expect(d.generationCount).toBe(1);
      expect(d.generations[0]!.status).toBe('cancelled');
    } finally {
      await worker.stop();
      worker = await startWorker(t, workerEnv());
    }
  });

  it('SIGTERM mid-item: the job is handed back, its generation left running, and the next worker follows that same one', async () => {
    const d = await start((double) => double.hang());
    const id = await submit(1);
    await waitFor('the generation to run', () => d.generations[0]?.status === 'running', 20_000);

    expect(await worker.stop()).toBe(0);
    expect(d.received('POST', `/v1/generations/${d.generations[0]!.id}/cancel`)).toEqual([]);
    expect(d.generations[0]!.status).toBe('running');

    d.release();
    worker = await startWorker(t, workerEnv());
    const done = await waitForJob(t, token, id, ENDED, 20_000);
    expect(done).toMatchObject({ status: 'completed', batch_completed: 1 });
    expect(d.generationCount).toBe(1);
    expect(await storedItems(t, id)).toHaveLength(1);
  });
});
