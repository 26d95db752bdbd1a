import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '@atelier/shared';
import type { TestApp } from '../support/test-app.js';
import { listWorkflows, startCatalogueApp } from '../support/catalogue-app.js';

describe('slug workflows API', () => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let defs: Map<string, number>;

  const list = (query = '', token = user) => listWorkflows(t, token, query);

  beforeAll(async () => {
    ({ t, admin, user, defs } = await startCatalogueApp());
  });
  afterAll(() => t.close());

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
    // a setting left out keeps its value; one sent as null is cleared
    const slugOnly = await t.request<Workflow>('PUT', `/api/workflows/${id}/eok-config`, {
      token: admin,
      body: { workflow_slug: 'flux-portrait', eok_runtime: null },
    });
    expect(slugOnly.body).toMatchObject({
      workflow_slug: 'flux-portrait',
      eok_runtime: null,
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

  it('stores a name and category typed with combining accents composed, so searches find them', async () => {
    const composed = 'Caf\u00e9 cr\u00e8me';
    const decomposed = composed.normalize('NFD');
    const created = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: {
        name: decomposed,
        category: 'Vid\u00e9o'.normalize('NFD'),
        workflow_slug: 'x',
        overrides: [{ override_definition_id: defs.get('override_prompt') }],
      },
    });
    const id = created.body.id;
    const detail = (await t.request<Workflow>('GET', `/api/workflows/${id}`, { token: admin })).body;
    expect(detail).toMatchObject({ name: composed, category: 'Vid\u00e9o' });
    for (const search of [composed, decomposed, 'caf\u00e9']) {
      const found = await list(`?search=${encodeURIComponent(search)}`, admin);
      expect(
        found.map((w) => w.id),
        search,
      ).toContain(id);
    }
    expect((await list(`?category=${encodeURIComponent('Vid\u00e9o')}`, admin)).map((w) => w.id)).toEqual([id]);

    const renamed = await t.request<Workflow>('PUT', `/api/workflows/${id}/name`, {
      token: admin,
      body: { name: 'Cr\u00e8me br\u00fbl\u00e9e'.normalize('NFD') },
    });
    expect(renamed.body.name).toBe('Cr\u00e8me br\u00fbl\u00e9e');
    expect((await list(`?search=${encodeURIComponent('br\u00fbl\u00e9e')}`, admin)).map((w) => w.id)).toEqual([id]);
    await t.request('DELETE', `/api/workflows/${id}`, { token: admin });
  });

  it('refuses to delete a JSON workflow that a base workflow file defines', async () => {
    const id = (await list('?search=upscale'))[0]!.id;
    const res = await t.request<{ error: string }>('DELETE', `/api/workflows/${id}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('upscale.json');
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

  it('names a base workflow typed with a space before .json so that a slug can run it', async () => {
    const created = await t.request<{ name: string }>('POST', '/api/base-workflows', {
      token: admin,
      body: { name: 'night shift .json', content: '{"1": {"class_type": "SaveImage", "inputs": {}}}' },
    });
    expect(created.body.name).toBe('night shift.json');
    // a slug is trimmed: 'night shift ' could never name the file, and the banner would list it for good
    const slug = await t.request<{ id: number }>('POST', '/api/workflows', {
      token: admin,
      body: {
        name: 'Night shift',
        workflow_slug: 'night shift',
        overrides: [{ override_definition_id: defs.get('override_prompt') }],
      },
    });
    expect(slug.status).toBe(201);
    const missing = await t.request<{ missing_base_workflows: string[] }>('GET', '/api/workflows/missing-slugs', {
      token: admin,
    });
    expect(missing.body.missing_base_workflows.filter((name) => name.startsWith('night'))).toEqual([]);
  });
});
