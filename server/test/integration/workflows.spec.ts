import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverrideDefinition, Workflow } from '@atelier/shared';
import type { TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';
import { listWorkflows, startCatalogueApp } from '../support/catalogue-app.js';

describe('workflows API', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let userRow: TestUser;
  let defs: Map<string, number>;

  const list = (query = '', token = user) => listWorkflows(t, token, query);

  beforeAll(async () => {
    ({ t, admin, user, userRow, defs } = await startCatalogueApp());
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
    // a tag is one tag whatever its capitals
    expect((await list('?tags=ENHANCEMENT&tags=Upscaling')).map((w) => w.name)).toEqual(['Upscale 4x']);
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

  it('toggles once per click however many arrive at once: three clicks leave it changed', async () => {
    const id = (await list('?search=landscape', admin))[0]!.id;
    for (let round = 0; round < 5; round++) {
      const before = (await list('?favorites=true', admin)).some((w) => w.id === id);
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          t.request<{ is_favorite: boolean }>('POST', `/api/workflows/${id}/favorite`, { token: admin }),
        ),
      );
      expect(answers.map((a) => a.body.is_favorite).sort()).toEqual(
        before ? [false, false, true] : [false, true, true],
      );
      expect((await list('?favorites=true', admin)).some((w) => w.id === id)).toBe(!before);
    }
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

  it('lists a tag spelled with other capitals on another workflow once', async () => {
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, graph, configurable_params, tags)
       VALUES ('Capital portraits', 'comfyui', '{}', '{}', ARRAY['Portrait', 'Éclair', 'ΟΔΟΣ']) RETURNING id`,
    );
    try {
      const tags = (await t.request<string[]>('GET', '/api/workflows/tags', { token: admin })).body;
      expect(tags.filter((tag) => tag.toLowerCase() === 'portrait')).toHaveLength(1);
      expect((await list('?tags=portrait', admin)).map((w) => w.name)).toEqual(['Capital portraits', 'Flux Portrait']);
      // a tag picked from the list as it is spelt finds its workflow whatever the database's locale
      // lower-cases (JavaScript and PostgreSQL's C locale disagree beyond ASCII)
      for (const tag of ['Éclair', 'ΟΔΟΣ'])
        expect(
          (await list(`?tags=${encodeURIComponent(tag)}`, admin)).map((w) => w.name),
          tag,
        ).toEqual(['Capital portraits']);
    } finally {
      await t.db.pool.query('DELETE FROM workflows WHERE id = $1', [rows[0]!.id]);
    }
  });
});
