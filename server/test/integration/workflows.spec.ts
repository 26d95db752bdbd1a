import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverrideDefinition, Workflow } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

describe('workflows API', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let userRow: TestUser;
  let defs: Map<string, number>;

  const list = async (query = '', token = user) =>
    (await t.request<Workflow[]>('GET', `/api/workflows${query}`, { token })).body;

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    admin = await t.login(await t.createUser({ role: 'admin' }));
    userRow = await t.createUser();
    user = await t.login(userRow);
    const definitions = await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin });
    defs = new Map(definitions.body.map((d) => [d.override_key, d.id]));
  });
  afterAll(() => t.close());

  it('starts with the sample catalogue: four JSON workflows and two slug workflows', async () => {
    const all = await list();
    expect(all.map((w) => w.name)).toEqual([
      'Flux Portrait',
      'Image to Image',
      'SDXL Landscape',
      'Text to Image',
      'Text to Video',
      'Upscale 4x',
    ]);
    const t2i = all.find((w) => w.name === 'Text to Image')!;
    expect(t2i).toMatchObject({
      workflow_type: 'comfyui',
      category: 'Image Generation',
      is_favorite: false,
      override_count: 0,
    });
    expect(Object.keys(t2i.configurable_params!)).toContain('seed');
    const portrait = all.find((w) => w.name === 'Flux Portrait')!;
    expect(portrait).toMatchObject({
      workflow_type: 'slug',
      workflow_slug: 'flux-portrait',
      override_count: 6,
      eok_provider: 'novita',
    });
    expect(portrait.configurable_params).toBeUndefined();
  });

  it('filters by category, every selected tag, search and favourites', async () => {
    expect((await list('?category=Video%20Generation')).map((w) => w.name)).toEqual(['Text to Video']);
    expect((await list('?tags=enhancement')).map((w) => w.name)).toEqual(['Image to Image', 'Upscale 4x']);
    expect((await list('?tags=enhancement&tags=upscaling')).map((w) => w.name)).toEqual(['Upscale 4x']);
    expect((await list('?search=SDXL-LAND')).map((w) => w.name)).toEqual(['SDXL Landscape']);
    expect((await list('?search=portrait')).map((w) => w.name)).toEqual(['Flux Portrait']);
    expect(await list('?search=%25')).toEqual([]);
    expect(await list('?favorites=true')).toEqual([]);
  });

  it('lists the five categories first, then others in use, and the tags in use', async () => {
    const categories = (await t.request<string[]>('GET', '/api/workflows/categories', { token: user })).body;
    expect(categories.slice(0, 5)).toEqual([
      'General',
      'Image Generation',
      'Text Processing',
      'Video Generation',
      'Audio Processing',
    ]);
    const tags = (await t.request<string[]>('GET', '/api/workflows/tags', { token: user })).body;
    expect(tags).toEqual(expect.arrayContaining(['portrait', 'upscaling', 'text-to-image']));
  });

  it('shows a slug workflow with its overrides, in display order', async () => {
    const id = (await list('?search=flux'))[0]!.id;
    const detail = (await t.request<Workflow>('GET', `/api/workflows/${id}`, { token: user })).body;
    expect(detail.workflow_overrides!.map((o) => o.override_key)).toEqual([
      'override_prompt',
      'override_negative_prompt',
      'override_steps',
      'override_cfg',
      'override_width',
      'override_height',
    ]);
    expect(detail.workflow_overrides![0]).toMatchObject({
      is_required: true,
      ui_parameter_name: 'prompt',
      data_type: 'string',
      validation_rules: { max_length: 2000 },
    });
    // a link carries its definition's fields, created_at among them (SPEC section 3)
    const definitions = (await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin }))
      .body;
    const prompt = definitions.find((d) => d.override_key === 'override_prompt')!;
    expect(detail.workflow_overrides![0]!.created_at).toBe(prompt.created_at);
    expect(Number.isNaN(Date.parse(prompt.created_at))).toBe(false);
    expect((await t.request('GET', '/api/workflows/999999', { token: user })).body).toEqual({
      error: 'Workflow not found',
    });
    expect((await t.request('GET', '/api/workflows/abc', { token: user })).status).toBe(400);
  });

  it('toggles a favourite for the caller only', async () => {
    const id = (await list('?search=upscale'))[0]!.id;
    expect((await t.request('POST', `/api/workflows/${id}/favorite`, { token: user })).body).toEqual({
      is_favorite: true,
    });
    expect((await list('?favorites=true')).map((w) => w.id)).toEqual([id]);
    expect(await list('?favorites=true', admin)).toEqual([]);
    expect((await t.request('POST', `/api/workflows/${id}/favorite`, { token: user })).body).toEqual({
      is_favorite: false,
    });
  });

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

  it('creates a slug workflow with the spec messages for what is missing', async () => {
    const base = {
      name: 'Mine',
      workflow_slug: 'flux-portrait',
      overrides: [{ override_definition_id: defs.get('override_prompt') }],
    };
    const cases: Array<[object, string]> = [
      [{ ...base, name: '  ' }, 'Workflow name is required'],
      [{ ...base, name: undefined }, 'Workflow name is required'],
      [{ ...base, workflow_slug: '' }, 'Workflow slug is required'],
      [{ ...base, overrides: [] }, 'At least one override must be configured'],
      [{ ...base, overrides: [base.overrides[0], base.overrides[0]] }, 'This override is already added'],
      [
        { ...base, overrides: [{ override_definition_id: defs.get('override_steps'), default_value: 9999 }] },
        'Default value of Steps must be at most 150',
      ],
      [{ ...base, eok_provider: 'aws' }, expect.stringContaining('') as unknown as string],
    ];
    for (const [body, message] of cases) {
      const res = await t.request<{ error: string }>('POST', '/api/workflows', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toEqual(message);
    }
    const created = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: {
        ...base,
        tags: [' a ', 'a', '', 'b'],
        overrides: [{ override_definition_id: defs.get('override_prompt'), is_required: true }],
      },
    });
    expect(created.status).toBe(201);
    const detail = (await t.request<Workflow>('GET', `/api/workflows/${created.body.id}`, { token: admin })).body;
    expect(detail).toMatchObject({
      name: 'Mine',
      tags: ['a', 'b'],
      category: 'Image Generation',
      eok_bucket_name: 'atelier-test-bucket',
      eok_provider: 'novita',
      eok_generation_type: 'image',
      eok_pre_classification_type: 'permissive',
      seed_mode: 'random',
    });
  });

  it('renames, reconfigures, reorganises and deletes a slug workflow', async () => {
    const { body } = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: { name: 'Temp', workflow_slug: 'x', overrides: [{ override_definition_id: defs.get('override_prompt') }] },
    });
    const id = body.id;
    expect(
      (await t.request<Workflow>('PUT', `/api/workflows/${id}/name`, { token: admin, body: { name: 'Renamed' } })).body
        .name,
    ).toBe('Renamed');
    expect(
      (await t.request<{ error: string }>('PUT', `/api/workflows/${id}/name`, { token: admin, body: { name: '' } }))
        .body.error,
    ).toBe('Workflow name is required');
    const eok = await t.request<Workflow>('PUT', `/api/workflows/${id}/eok-config`, {
      token: admin,
      body: {
        workflow_type: 'slug',
        workflow_slug: 'sdxl-landscape',
        eok_provider: 'vast',
        seed_mode: 'fixed',
        eok_generation_type: 'video',
        download_dir: ' out/ ',
      },
    });
    expect(eok.body).toMatchObject({
      workflow_slug: 'sdxl-landscape',
      eok_provider: 'vast',
      seed_mode: 'fixed',
      eok_generation_type: 'video',
      download_dir: 'out/',
    });
    const org = await t.request<Workflow>('PUT', `/api/workflows/${id}/organization`, {
      token: admin,
      body: { category: 'Video Generation', tags: ['x', ' X ', '', 'y '] },
    });
    expect(org.body).toMatchObject({ category: 'Video Generation', tags: ['x', 'y'] });
    expect((await t.request('DELETE', `/api/workflows/${id}`, { token: admin })).body).toEqual({
      message: 'Slug workflow deleted successfully!',
    });
    expect((await t.request('GET', `/api/workflows/${id}`, { token: admin })).status).toBe(404);
  });

  it('refuses to delete a JSON workflow that a base workflow file defines', async () => {
    const id = (await list('?search=upscale'))[0]!.id;
    const res = await t.request<{ error: string }>('DELETE', `/api/workflows/${id}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('upscale.json');
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

  it('takes any base workflow name as a slug, spaces included, and refuses path characters', async () => {
    const create = (workflow_slug: string) =>
      t.request<{ id: number; error?: string }>('POST', '/api/workflows', {
        token: admin,
        body: {
          name: `Slug ${workflow_slug}`,
          workflow_slug,
          overrides: [{ override_definition_id: defs.get('override_prompt') }],
        },
      });
    const spaced = await create('portrait v2 final');
    expect(spaced.status).toBe(201);
    expect(
      (await t.request<Workflow>('GET', `/api/workflows/${spaced.body.id}`, { token: admin })).body.workflow_slug,
    ).toBe('portrait v2 final');
    const refused = await create('../portrait');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Workflow slug may hold letters, digits, spaces, dots, dashes and underscores');
  });

  it('lists base workflows that no slug workflow runs', async () => {
    const res = await t.request<{ missing_base_workflows: string[] }>('GET', '/api/workflows/missing-slugs', {
      token: admin,
    });
    expect(res.body.missing_base_workflows).toEqual([
      'image-to-image',
      'text-to-image',
      'text-to-video',
      'upscale',
      'video-loop',
    ]);
    expect((await t.request('GET', '/api/workflows/missing-slugs', { token: user })).status).toBe(403);
  });

  it('limits a user with grants to the granted workflows, everywhere; admins always see all', async () => {
    const limited = await t.createUser();
    const token = await t.login(limited);
    const all = await list('', token);
    const granted = all.find((w) => w.name === 'Text to Image')!;
    const other = all.find((w) => w.name === 'Flux Portrait')!;
    await t.db.pool.query('INSERT INTO workflow_permissions (user_id, workflow_id) VALUES ($1, $2)', [
      limited.id,
      granted.id,
    ]);

    expect((await list('', token)).map((w) => w.id)).toEqual([granted.id]);
    expect((await t.request('GET', `/api/workflows/${other.id}`, { token })).status).toBe(404);
    expect((await t.request('GET', `/api/workflows/${other.id}/overrides`, { token })).status).toBe(404);
    expect((await t.request('POST', `/api/workflows/${other.id}/favorite`, { token })).status).toBe(404);
    expect((await t.request('GET', `/api/workflows/${granted.id}`, { token })).status).toBe(200);
    expect((await t.request<string[]>('GET', '/api/workflows/tags', { token })).body).toEqual([
      'stable-diffusion',
      'text-to-image',
    ]);
    expect((await list('', user)).length).toBe(all.length);

    const superAdmin = await t.login(await t.createUser({ role: 'super_admin' }));
    await t.db.pool.query(
      'INSERT INTO workflow_permissions (user_id, workflow_id) SELECT id, $1 FROM users WHERE role = $2',
      [granted.id, 'super_admin'],
    );
    expect((await list('', superAdmin)).length).toBe(all.length);
  });

  it("refuses to delete a user's only granted workflow, which would let them see every workflow", async () => {
    const limited = await t.createUser();
    const token = await t.login(limited);
    const create = async (name: string) =>
      (
        await t.request<{ id: number }>('POST', '/api/workflows', {
          token: admin,
          body: { name, workflow_slug: 'x', overrides: [{ override_definition_id: defs.get('override_prompt') }] },
        })
      ).body.id;
    const only = await create('Only grant');
    await t.request('POST', `/api/admin/users/${limited.id}/workflows/${only}`, { token: admin });

    const refused = await t.request('DELETE', `/api/workflows/${only}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: `This workflow is the only one granted to ${limited.username}: deleting it would let them see every workflow. Change their workflow permissions first.`,
    });
    expect((await list('', token)).map((w) => w.id)).toEqual([only]);

    const second = await create('Second grant');
    await t.request('POST', `/api/admin/users/${limited.id}/workflows/${second}`, { token: admin });
    expect((await t.request('DELETE', `/api/workflows/${only}`, { token: admin })).status).toBe(200);
    expect((await list('', token)).map((w) => w.id)).toEqual([second]);
  });

  it('keeps admin-only changes away from role users', async () => {
    const id = (await list())[0]!.id;
    for (const [method, path, body] of [
      ['POST', '/api/workflows', {}],
      ['PUT', `/api/workflows/${id}/name`, { name: 'x' }],
      ['PUT', `/api/workflows/${id}/eok-config`, {}],
      ['PUT', `/api/workflows/${id}/organization`, { category: 'General', tags: [] }],
      ['DELETE', `/api/workflows/${id}`, undefined],
      ['POST', `/api/workflows/${id}/overrides`, {}],
      ['PUT', `/api/workflows/${id}/overrides`, []],
    ] as const) {
      expect((await t.request(method, path, { token: user, body })).status, `${method} ${path}`).toBe(403);
    }
    expect(userRow.role).toBe('user');
  });
});
