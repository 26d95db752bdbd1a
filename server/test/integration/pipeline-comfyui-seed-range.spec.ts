import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_JOB_STATUSES } from '@atelier/shared';
import { ComfyUiDouble } from '../doubles/comfyui-double.js';
import { smallTxt2imgGraph } from '../doubles/comfyui-fixtures.js';
import { storedItems } from '../support/job-rows.js';
import { submitJob, waitForJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';

/**
 * ComfyUI takes seeds up to 2^64 - 1, more than the gallery's seed_used column (a signed 64-bit
 * integer) holds: an override_seed the admin left without a maximum may carry one.
 */
describe('the pipeline on ComfyUI with a seed past what the gallery stores', () => {
  let t: TestApp;
  let token: string;
  let double: ComfyUiDouble;
  let worker: WorkerProcess;

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.login(await t.createUser({ username: 'painter' }));
    double = await ComfyUiDouble.start();
    worker = await startWorker(t, {
      COMFYUI_URL: double.url,
      COMFYUI_POLL_INTERVAL_MS: '100',
      COMFYUI_REQUEST_TIMEOUT_MS: '2000',
      SHUTDOWN_GRACE_MS: '2000',
    });
  });

  afterAll(async () => {
    await worker.stop();
    await double.close();
    await t.close();
  });

  it('completes the job, storing the image without a seed it cannot hold', async () => {
    const slug = 'big-seed';
    const baseDir = path.join(t.dataDir, 'base-workflows');
    await mkdir(baseDir, { recursive: true });
    await writeFile(
      path.join(baseDir, `${slug}.json`),
      JSON.stringify(smallTxt2imgGraph({ seed: 'override_seed', steps: 2 })),
    );
    const { rows: definitions } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO override_definitions (override_key, display_name, data_type, validation_rules)
       VALUES ('override_seed', 'Noise seed', 'integer', '{"min": 0}') RETURNING id`,
    );
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, workflow_slug, seed_mode) VALUES ('Big seed', 'slug', $1, 'fixed') RETURNING id`,
      [slug],
    );
    await t.db.pool.query(
      `INSERT INTO workflow_overrides (workflow_id, override_definition_id, is_required, ui_parameter_name)
       VALUES ($1, $2, true, 'noise')`,
      [rows[0]!.id, definitions[0]!.id],
    );

    const id = await submitJob(t, token, { workflow_id: rows[0]!.id, batch_size: 1, parameters: { noise: 1e19 } });
    const job = await waitForJob(t, token, id, [...FINAL_JOB_STATUSES], 20_000);
    expect(double.prompts[0]?.prompt['4']?.inputs.seed).toBe(1e19);
    expect(job).toMatchObject({ status: 'completed', batch_completed: 1, error_message: null });
    expect((await storedItems(t, id)).map((i) => [i.files_exist, i.seed_used])).toEqual([[true, null]]);
  });
});
