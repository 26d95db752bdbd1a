import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow, WorkflowOverride } from '@atelier/shared';
import type { TestApp } from '../support/test-app.js';
import { listWorkflows, startCatalogueApp } from '../support/catalogue-app.js';

describe('workflow override links', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let defs: Map<string, number>;

  beforeAll(async () => {
    ({ t, admin, user, defs } = await startCatalogueApp());
  });
  afterAll(() => t.close());

  it('steps a float override with no step of its own by 0.1, in link defaults and in submitted jobs', async () => {
    const definition = await t.request<{ id: number }>('POST', '/api/override-definitions', {
      token: admin,
      body: {
        override_key: 'override_denoise',
        display_name: 'Denoise',
        data_type: 'float',
        validation_rules: { min: 0 },
      },
    });
    expect(definition.status).toBe(201);
    const create = (defaultValue: number) =>
      t.request<{ id: number; error?: string }>('POST', '/api/workflows', {
        token: admin,
        body: {
          name: `Denoise ${defaultValue}`,
          workflow_slug: 'denoise',
          overrides: [{ override_definition_id: definition.body.id, default_value: defaultValue }],
        },
      });
    expect((await create(0.15)).body).toEqual({ error: 'Default value of Denoise must be in steps of 0.1' });
    const created = await create(0.3);
    expect(created.status).toBe(201);

    const submit = (denoise: number) =>
      t.request<{ error?: string }>('POST', '/api/jobs', {
        token: user,
        body: { workflow_id: created.body.id, parameters: { denoise } },
      });
    expect((await submit(0.25)).body).toMatchObject({ error: 'Denoise must be in steps of 0.1' });
    expect((await submit(0.7)).status).toBe(201);
  });

  it('keeps a select value as its listed option (the number 768, not the text sent), on slug and JSON workflows', async () => {
    const created = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: {
        name: 'Sized',
        workflow_slug: 'sized',
        overrides: [
          { override_definition_id: defs.get('override_width'), default_value: '768' },
          { override_definition_id: defs.get('override_sampler'), default_value: 'euler' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const base = `/api/workflows/${created.body.id}/overrides`;
    const defaults = async () =>
      (await t.request<WorkflowOverride[]>('GET', base, { token: user })).body.map((l) => l.default_value);
    expect(await defaults()).toEqual([768, 'euler']);
    const width = (await t.request<WorkflowOverride[]>('GET', base, { token: admin })).body[0]!;
    await t.request('PUT', `${base}/${width.id}`, { token: admin, body: { default_value: '1024' } });
    expect(await defaults()).toEqual([1024, 'euler']);

    const job = async (parameters: Record<string, unknown>) => {
      const submitted = await t.request<{ id: number }>('POST', '/api/jobs', {
        token: user,
        body: { workflow_id: created.body.id, parameters },
      });
      expect(submitted.status).toBe(201);
      const read = await t.request<{ parameters: Record<string, unknown> }>('GET', `/api/jobs/${submitted.body.id}`, {
        token: user,
      });
      return [read.body.parameters.override_width, read.body.parameters.override_sampler];
    };
    expect(await job({ width: '512' })).toEqual([512, 'euler']);
    expect(await job({})).toEqual([1024, 'euler']);

    const textToImage = (await listWorkflows(t, user)).find((w) => w.name === 'Text to Image')!;
    const submitted = await t.request<{ id: number }>('POST', '/api/jobs', {
      token: user,
      body: { workflow_id: textToImage.id, parameters: { width: '512', sampler: 'ddim' } },
    });
    const read = await t.request<{ parameters: Record<string, unknown> }>('GET', `/api/jobs/${submitted.body.id}`, {
      token: user,
    });
    expect(read.body.parameters).toMatchObject({ width: 512, sampler: 'ddim' });
  });

  it("edits override links one by one, on a workflow created with SPEC section 7's body (no overrides)", async () => {
    const { body } = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: { name: 'Links', workflow_type: 'slug', workflow_slug: 'x', category: 'General', tags: [] },
    });
    const base = `/api/workflows/${body.id}/overrides`;
    expect((await t.request('GET', base, { token: admin })).body).toEqual([]);
    expect(
      (await t.request('POST', base, { token: admin, body: { override_definition_id: defs.get('override_prompt') } }))
        .status,
    ).toBe(201);
    const added = await t.request<{ id: number; ui_parameter_name: string; display_order: number }>('POST', base, {
      token: admin,
      body: { override_definition_id: defs.get('override_cfg'), default_value: 4.5 },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ ui_parameter_name: 'cfg', display_order: 1 });
    expect(
      (await t.request('POST', base, { token: admin, body: { override_definition_id: defs.get('override_cfg') } }))
        .body,
    ).toEqual({ error: 'This override is already added' });
    expect(
      (
        await t.request('POST', base, {
          token: admin,
          body: { override_definition_id: defs.get('override_cfg')! + 1000 },
        })
      ).status,
    ).toBe(400);
    const updated = await t.request('PUT', `${base}/${added.body.id}`, {
      token: admin,
      body: { is_required: true, ui_parameter_name: 'guidance' },
    });
    expect(updated.body).toMatchObject({ is_required: true, ui_parameter_name: 'guidance', default_value: 4.5 });
    // a field left out of an update keeps its value
    const reordered = await t.request('PUT', `${base}/${added.body.id}`, { token: admin, body: { display_order: 5 } });
    expect(reordered.body).toMatchObject({ is_required: true, ui_parameter_name: 'guidance', display_order: 5 });
    expect(
      (await t.request('PUT', `${base}/${added.body.id}`, { token: admin, body: { default_value: 4.25 } })).body,
    ).toEqual({ error: 'Default value of CFG Scale must be in steps of 0.5' });

    const links = (await t.request<Array<{ id: number }>>('GET', base, { token: user })).body;
    expect(links).toHaveLength(2);
    expect((await t.request('DELETE', `${base}/${links[0]!.id}`, { token: admin })).status).toBe(200);
    // SPEC section 7's save order (delete removed links, update, create new) can swap the only override
    expect((await t.request('DELETE', `${base}/${links[1]!.id}`, { token: admin })).status).toBe(200);
    expect(
      (await t.request('POST', base, { token: admin, body: { override_definition_id: defs.get('override_steps') } }))
        .status,
    ).toBe(201);
    expect(
      (await t.request<Array<{ override_key: string }>>('GET', base, { token: admin })).body.map((l) => l.override_key),
    ).toEqual(['override_steps']);
    expect((await t.request('DELETE', `${base}/99999`, { token: admin })).status).toBe(404);
  });

  it('keeps parameter names one per override and away from the seed; a name like toString reads only what is sent', async () => {
    const { body } = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: { name: 'Names', workflow_type: 'slug', workflow_slug: 'flux-portrait' },
    });
    const base = `/api/workflows/${body.id}/overrides`;
    const add = (key: string, extra: object = {}) =>
      t.request<{ id: number; ui_parameter_name: string; error?: string }>('POST', base, {
        token: admin,
        body: { override_definition_id: defs.get(key), ...extra },
      });
    const prompt = await add('override_prompt', { is_required: true });
    // the seed override's own name would be 'seed', the seed control's: it takes its whole key
    expect((await add('override_seed')).body.ui_parameter_name).toBe('override_seed');
    const negative = await add('override_negative_prompt');

    const taken = 'Parameter name prompt is used by another override of this workflow';
    expect((await add('override_steps', { ui_parameter_name: 'prompt' })).body.error).toBe(taken);
    const rename = (id: number, name: string) =>
      t.request<{ error?: string }>('PUT', `${base}/${id}`, { token: admin, body: { ui_parameter_name: name } });
    expect((await rename(negative.body.id, 'prompt')).body.error).toBe(taken);
    expect((await rename(negative.body.id, 'seed')).body.error).toBe(
      "Parameter name seed is taken by the workflow's seed control; choose another name",
    );
    expect((await rename(negative.body.id, 'seed_mode')).status).toBe(400);
    const whole = [
      { override_definition_id: defs.get('override_prompt'), ui_parameter_name: 'text' },
      { override_definition_id: defs.get('override_steps'), ui_parameter_name: 'text' },
    ];
    expect((await t.request<{ error?: string }>('PUT', base, { token: admin, body: whole })).body.error).toBe(
      'Parameter name text is used by another override of this workflow',
    );
    expect((await t.request<unknown[]>('GET', base, { token: admin })).body).toHaveLength(3);

    // an own name may be kept, and a name like an Object.prototype member takes no inherited value
    expect((await rename(prompt.body.id, 'prompt')).status).toBe(200);
    expect((await rename(negative.body.id, 'toString')).status).toBe(200);
    const job = await t.request<{ id?: number; error?: string }>('POST', '/api/jobs', {
      token: admin,
      body: { workflow_id: body.id, parameters: { prompt: 'a heron' } },
    });
    expect(job.status, JSON.stringify(job.body)).toBe(201);

    // another override's key is a name a job may send too: it would reach both overrides
    expect((await rename(negative.body.id, 'override_prompt')).body.error).toBe(
      'Parameter name override_prompt is used by another override of this workflow',
    );
    expect((await rename(negative.body.id, '__proto__')).body.error).toBe(
      'Parameter name __proto__ is reserved; choose another name',
    );
    expect((await add('override_steps', { ui_parameter_name: '__proto__' })).status).toBe(400);
    // a link named so before the rule (written here directly) is still required like any other
    await t.db.pool.query(`UPDATE workflow_overrides SET ui_parameter_name = '__proto__' WHERE id = $1`, [
      prompt.body.id,
    ]);
    const unnamed = await t.request<{ error?: string }>('POST', '/api/jobs', {
      token: admin,
      body: { workflow_id: body.id, parameters: {} },
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.error).toBe('Prompt is required');
  });

  it('answers a burst of the same override change like one request, never a 500', async () => {
    const { body } = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: { name: 'Burst', workflow_type: 'slug', workflow_slug: 'flux-portrait' },
    });
    const base = `/api/workflows/${body.id}/overrides`;
    const burst = (send: () => Promise<{ status: number }>) =>
      Promise.all(Array.from({ length: 8 }, send)).then((all) => all.map((r) => r.status).sort());
    const addSteps = () =>
      t.request('POST', base, { token: admin, body: { override_definition_id: defs.get('override_steps') } });
    expect(await burst(addSteps)).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
    const list = [1, 2, 3].map((_, i) => ({
      override_definition_id: defs.get(['override_prompt', 'override_cfg', 'override_width'][i]!),
    }));
    const replace = () => t.request('PUT', base, { token: admin, body: list });
    expect(await burst(replace)).toEqual(Array(8).fill(200));
    expect((await t.request<unknown[]>('GET', base, { token: admin })).body).toHaveLength(3);
    const define = () =>
      t.request('POST', '/api/override-definitions', {
        token: admin,
        body: { override_key: 'override_burst', display_name: 'Burst', data_type: 'string' },
      });
    expect(await burst(define)).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('saves the whole override list as a diff: removed deleted, kept updated in place, new created', async () => {
    const { body } = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: {
        name: 'Diff',
        workflow_slug: 'x',
        overrides: [
          { override_definition_id: defs.get('override_prompt') },
          { override_definition_id: defs.get('override_steps') },
        ],
      },
    });
    const before = (
      await t.request<Array<{ id: number; override_key: string }>>('GET', `/api/workflows/${body.id}/overrides`, {
        token: admin,
      })
    ).body;
    const promptLink = before.find((l) => l.override_key === 'override_prompt')!.id;
    const after = await t.request<
      Array<{ id: number; override_key: string; display_order: number; is_required: boolean }>
    >('PUT', `/api/workflows/${body.id}/overrides`, {
      token: admin,
      body: [
        { override_definition_id: defs.get('override_width'), default_value: 768 },
        { override_definition_id: defs.get('override_prompt'), is_required: true },
      ],
    });
    expect(after.status).toBe(200);
    expect(after.body.map((l) => [l.override_key, l.display_order])).toEqual([
      ['override_width', 0],
      ['override_prompt', 1],
    ]);
    expect(after.body.find((l) => l.override_key === 'override_prompt')).toMatchObject({
      id: promptLink,
      is_required: true,
    });

    const bad = await t.request('PUT', `/api/workflows/${body.id}/overrides`, {
      token: admin,
      body: [
        { override_definition_id: defs.get('override_prompt') },
        { override_definition_id: defs.get('override_width'), default_value: 1 },
      ],
    });
    expect(bad.status).toBe(400);
    const unchanged = (await t.request<unknown[]>('GET', `/api/workflows/${body.id}/overrides`, { token: admin })).body;
    expect(unchanged).toEqual(after.body);
  });
  /** A slug workflow exposing the prompt, as an editor opens it: its version and its one link. */
  async function openedWithPrompt(name: string) {
    const { body } = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: { name, workflow_slug: 'x', overrides: [{ override_definition_id: defs.get('override_prompt') }] },
    });
    const opened = (await t.request<Workflow>('GET', `/api/workflows/${body.id}`, { token: admin })).body;
    const promptLink = { id: opened.workflow_overrides![0]!.id, override_definition_id: defs.get('override_prompt') };
    return { body, opened, promptLink };
  }

  it("refuses a save from an editor opened before another admin's save, rather than deleting what that added", async () => {
    const { body, opened, promptLink } = await openedWithPrompt('Shared');
    const save = (name: string, overrides: object[], expected: string) =>
      t.request<Workflow & { error: string }>('PUT', `/api/workflows/${body.id}`, {
        token: admin,
        body: { name, workflow_slug: 'x', overrides, expected_updated_at: expected },
      });

    // the first admin adds Width; the second, still on the copy opened before, renames
    const first = await save(
      'Shared',
      [promptLink, { override_definition_id: defs.get('override_width') }],
      opened.updated_at,
    );
    expect(first.status).toBe(200);
    const second = await save('Shared renamed', [promptLink], opened.updated_at);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(
      'Shared was changed by someone else since you opened it; reopen it to see that change before saving yours',
    );
    const now = (await t.request<Workflow>('GET', `/api/workflows/${body.id}`, { token: admin })).body;
    expect(now.name).toBe('Shared');
    expect(now.workflow_overrides!.map((l) => l.override_key)).toEqual(['override_prompt', 'override_width']);

    // reopened, the same save goes through
    expect((await save('Shared renamed', [promptLink], now.updated_at)).status).toBe(200);
    expect((await save('Shared', [promptLink], 'yesterday')).status).toBe(400);
  });

  it('counts a change made by the single override calls as a change of the workflow for an editor opened before it', async () => {
    const { body, opened, promptLink } = await openedWithPrompt('Linked');
    const added = await t.request<WorkflowOverride>('POST', `/api/workflows/${body.id}/overrides`, {
      token: admin,
      body: { override_definition_id: defs.get('override_width') },
    });
    expect(added.status).toBe(201);
    const stale = await t.request<{ error: string }>('PUT', `/api/workflows/${body.id}`, {
      token: admin,
      body: { name: 'Linked', workflow_slug: 'x', overrides: [promptLink], expected_updated_at: opened.updated_at },
    });
    expect(stale.status).toBe(409);
    const now = (await t.request<Workflow>('GET', `/api/workflows/${body.id}`, { token: admin })).body;
    expect(now.workflow_overrides!.map((l) => l.override_key)).toEqual(['override_prompt', 'override_width']);
  });
});
