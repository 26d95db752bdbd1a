import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Nothing listens here: no job is run in this file, only submitted. */
const UNUSED_URL = 'http://127.0.0.1:9';

interface Submitted {
  id: number;
  error?: string;
  fields?: Record<string, string>;
}

/** A base graph with `keys` as its input values; the API only scans it, so its nodes need not connect. */
function baseGraph(keys: string[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.map((key, index) => [String(index + 1), { class_type: 'Primitive', inputs: { value: key } }]),
  );
}

/**
 * Two slug workflows: `steps` uses a base graph where override_steps (and override_seed) appear,
 * `loose` one where it does not. Both link Steps optional with no default, CFG optional with 6.5,
 * and a linked override_seed optional with no default (ComfyUI puts the item's seed there).
 */
async function seedWorkflows(t: TestApp): Promise<{ steps: number; loose: number }> {
  const dir = path.join(t.dataDir, 'base-workflows');
  await mkdir(dir, { recursive: true });
  const all = ['override_prompt', 'override_steps', 'override_cfg', 'override_seed'];
  await writeFile(path.join(dir, 'needs-steps.json'), JSON.stringify(baseGraph(all)));
  await writeFile(path.join(dir, 'prompt-only.json'), JSON.stringify(baseGraph(['override_prompt'])));
  const { rows: defs } = await t.db.pool.query<{ id: number }>(
    `INSERT INTO override_definitions (override_key, display_name, data_type, validation_rules)
     VALUES ('override_prompt', 'Prompt', 'string', '{}'), ('override_steps', 'Steps', 'integer', '{"min": 1, "max": 50}'),
            ('override_cfg', 'CFG', 'float', '{}'), ('override_seed', 'Graph seed', 'integer', '{}')
     RETURNING id`,
  );
  const ids: number[] = [];
  for (const [name, slug] of [
    ['Needs steps', 'needs-steps'],
    ['Prompt only', 'prompt-only'],
  ]) {
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, workflow_slug, seed_mode) VALUES ($1, 'slug', $2, 'fixed') RETURNING id`,
      [name, slug],
    );
    await t.db.pool.query(
      `INSERT INTO workflow_overrides (workflow_id, override_definition_id, is_required, default_value, ui_parameter_name)
       VALUES ($1, $2, true, NULL, 'prompt'), ($1, $3, false, NULL, 'steps'), ($1, $4, false, '6.5', 'cfg'),
              ($1, $5, false, NULL, 'graph_seed')`,
      [rows[0]!.id, ...defs.map((d) => d.id)],
    );
    ids.push(rows[0]!.id);
  }
  return { steps: ids[0]!, loose: ids[1]! };
}

async function start(env: Record<string, string>) {
  const t = await startTestApp(env);
  const token = await t.login(await t.createUser({ username: 'painter' }));
  const workflows = await seedWorkflows(t);
  const submit = (workflowId: number, parameters: Record<string, unknown>) =>
    t.request<Submitted>('POST', '/api/jobs', {
      token,
      body: { workflow_id: workflowId, batch_size: 1, parameters },
    });
  const parametersOf = async (id: number) =>
    (await t.request<Job>('GET', `/api/jobs/${id}`, { token })).body.parameters;
  return { t, workflows, submit, parametersOf };
}

/**
 * A slug job run on ComfyUI has every `override_*` string of its base graph replaced, and fails
 * every item when one has no value; an optional number left blank is therefore refused at submit
 * (SPEC section 4, '{display name} is required'), and only where the job would run that way.
 */
describe('slug job submit: optional overrides the base graph needs', () => {
  describe('run on ComfyUI', () => {
    let s: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      s = await start({ COMFYUI_URL: UNUSED_URL });
    });
    afterAll(() => s.t.close());

    it('refuses a blank or absent one with no default, beside its field, and queues nothing', async () => {
      for (const steps of ['', null, undefined]) {
        const res = await s.submit(s.workflows.steps, { prompt: 'a fox', steps });
        expect(res.status, String(steps)).toBe(400);
        expect(res.body).toEqual({ error: 'Steps is required', fields: { steps: 'Steps is required' } });
      }
      const { rows } = await s.t.db.pool.query('SELECT count(*)::int AS n FROM jobs');
      expect(rows[0].n).toBe(0);
    });

    it('accepts it given; one with a default left blank takes the default, the seed key needs none', async () => {
      const res = await s.submit(s.workflows.steps, { prompt: 'a fox', steps: '12', cfg: '', graph_seed: '' });
      expect(res.status).toBe(201);
      const parameters = await s.parametersOf(res.body.id);
      expect(parameters).toMatchObject({ override_prompt: 'a fox', override_steps: 12, override_cfg: 6.5 });
      expect(parameters).not.toHaveProperty('override_seed');
    });

    it('accepts it blank when the base graph does not use it', async () => {
      const res = await s.submit(s.workflows.loose, { prompt: 'a fox', steps: '' });
      expect(res.status).toBe(201);
      expect(await s.parametersOf(res.body.id)).not.toHaveProperty('override_steps');
    });
  });

  describe('run on the external server', () => {
    let s: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      s = await start({ COMFYUI_URL: UNUSED_URL, EOK_URL: UNUSED_URL });
    });
    afterAll(() => s.t.close());

    it('accepts it blank and sends nothing for it, whatever the base graph uses', async () => {
      const res = await s.submit(s.workflows.steps, { prompt: 'a fox', steps: '', cfg: '' });
      expect(res.status).toBe(201);
      const parameters = await s.parametersOf(res.body.id);
      expect(parameters).toMatchObject({ override_prompt: 'a fox' });
      expect(parameters).not.toHaveProperty('override_steps');
      expect(parameters).not.toHaveProperty('override_cfg');
    });
  });
});
