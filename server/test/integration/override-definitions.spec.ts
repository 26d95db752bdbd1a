import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OverrideDefinition } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

describe('override definitions', () => {
  let t: TestApp;
  let adminUser: TestUser;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    adminUser = await t.createUser({ role: 'super_admin' });
    admin = await t.login(adminUser);
  });
  afterAll(() => t.close());

  const create = (body: object) =>
    t.request<OverrideDefinition & { error: string }>('POST', '/api/override-definitions', { token: admin, body });

  it('creates, lists and updates a definition', async () => {
    const res = await create({
      override_key: 'override_mood',
      display_name: ' Mood ',
      data_type: 'select',
      validation_rules: { options: ['calm', 'stormy'] },
      category: 'Style',
      description: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      override_key: 'override_mood',
      display_name: 'Mood',
      description: null,
      category: 'Style',
    });
    const updated = await t.request<OverrideDefinition>('PUT', `/api/override-definitions/${res.body.id}`, {
      token: admin,
      body: {
        override_key: 'override_mood',
        display_name: 'Mood',
        data_type: 'string',
        validation_rules: { max_length: 20 },
      },
    });
    expect(updated.body).toMatchObject({ data_type: 'string', validation_rules: { max_length: 20 } });
    const list = (await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin })).body;
    expect(list.map((d) => d.override_key)).toContain('override_mood');
  });

  it("refuses a change from a copy older than another admin's, rather than undo that one", async () => {
    const { body: opened } = await create({ override_key: 'override_guidance', display_name: 'CFG Scale' });
    const put = (body: object) =>
      t.request<OverrideDefinition & { error: string; fields?: Record<string, string> }>(
        'PUT',
        `/api/override-definitions/${opened.id}`,
        { token: admin, body: { override_key: 'override_guidance', ...body } },
      );
    // the first admin renames it; the second, on the copy listed before, changes its category
    const renamed = await put({ display_name: 'Guidance', expected_updated_at: opened.updated_at });
    expect(renamed.status).toBe(200);
    expect(renamed.body.updated_at).not.toBe(opened.updated_at);
    const stale = await put({
      display_name: 'CFG Scale',
      category: 'Sampling',
      expected_updated_at: opened.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(
      'Guidance was changed by someone else since you opened it; reopen it to see that change before saving yours',
    );
    expect(Object.keys(stale.body.fields ?? {})).toEqual(['expected_updated_at']);
    const list = (await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin })).body;
    expect(list.find((d) => d.id === opened.id)).toMatchObject({ display_name: 'Guidance', category: null });

    // from the copy listed now, the change goes through; a caller that sends no version is not checked
    const fresh = await put({
      display_name: 'Guidance',
      category: 'Sampling',
      expected_updated_at: renamed.body.updated_at,
    });
    expect(fresh.body).toMatchObject({ display_name: 'Guidance', category: 'Sampling' });
    expect((await put({ display_name: 'Guidance 2' })).status).toBe(200);
    expect((await put({ display_name: 'x', expected_updated_at: 'yesterday' })).status).toBe(400);
  });

  it('refuses bad keys, duplicate keys and inconsistent rules with clear messages', async () => {
    const cases: Array<[object, number, string | RegExp]> = [
      [{ override_key: 'mood', display_name: 'x' }, 400, /override_<name>/],
      [{ override_key: '', display_name: 'x' }, 400, 'Override key is required'],
      [
        {
          override_key: 'override_twice',
          display_name: 'x',
          data_type: 'select',
          validation_rules: { options: [1, '1'] },
        },
        400,
        'Each option must be listed once',
      ],
      [
        {
          override_key: 'override_blank',
          display_name: 'x',
          data_type: 'select',
          validation_rules: { options: [' '] },
        },
        400,
        'An option must not be blank',
      ],
      [{ override_key: 'override_x', display_name: '' }, 400, 'Display name is required'],
      [
        { override_key: `override_${'k'.repeat(100)}`, display_name: 'x' },
        400,
        'Override key must be at most 100 characters',
      ],
      [
        { override_key: 'override_x', display_name: 'd'.repeat(201) },
        400,
        'Display name must be at most 200 characters',
      ],
      [
        { override_key: 'override_x', display_name: 'x', description: 'd'.repeat(2001) },
        400,
        'Description must be at most 2000 characters',
      ],
      [
        { override_key: 'override_x', display_name: 'x', category: 'c'.repeat(101) },
        400,
        'Category must be at most 100 characters',
      ],
      [{ override_key: 'override_x', display_name: 'x', data_type: 'date' }, 400, /./],
      [
        { override_key: 'override_x', display_name: 'x', data_type: 'integer', validation_rules: { min: 5, max: 1 } },
        400,
        'min must not be greater than max',
      ],
      [
        { override_key: 'override_x', display_name: 'x', data_type: 'string', validation_rules: { options: ['a'] } },
        400,
        'options are only for the select data type',
      ],
      [{ override_key: 'override_x', display_name: 'x', data_type: 'select' }, 400, 'A select override needs options'],
      [
        { override_key: 'override_x', display_name: 'x', data_type: 'integer', validation_rules: { step: 0.5 } },
        400,
        'An integer override has whole-number min, max and step',
      ],
      [
        { override_key: 'override_prompt', display_name: 'Again' },
        409,
        'An override definition with this key already exists',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (typeof message === 'string') expect(res.body.error).toBe(message);
      else expect(res.body.error).toMatch(message);
    }
  });

  it('deletes only with the acting admin password, and not while a workflow uses it', async () => {
    const { body } = await create({ override_key: 'override_temp', display_name: 'Temp' });
    expect(
      (
        await t.request('DELETE', `/api/override-definitions/${body.id}`, {
          token: admin,
          body: { confirmPassword: '' },
        })
      ).body,
    ).toEqual({
      error: 'Please enter the delete confirmation password',
    });
    expect(
      (
        await t.request('DELETE', `/api/override-definitions/${body.id}`, {
          token: admin,
          body: { confirmPassword: 'wrong' },
        })
      ).status,
    ).toBe(403);
    const ok = await t.request('DELETE', `/api/override-definitions/${body.id}`, {
      token: admin,
      body: { confirmPassword: adminUser.password },
    });
    expect(ok.body).toEqual({ message: 'Override definition deleted successfully!' });

    const prompt = (
      await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin })
    ).body.find((d) => d.override_key === 'override_prompt')!;
    const inUse = await t.request<{ error: string }>('DELETE', `/api/override-definitions/${prompt.id}`, {
      token: admin,
      body: { confirmPassword: adminUser.password },
    });
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toMatch(/used by Flux Portrait, SDXL Landscape/);
  });

  it('keeps the key of a definition that workflows use, while its other fields still change', async () => {
    const all = (await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin })).body;
    const prompt = all.find((d) => d.override_key === 'override_prompt')!;
    const put = (override_key: string, display_name: string) =>
      t.request<OverrideDefinition & { error: string }>('PUT', `/api/override-definitions/${prompt.id}`, {
        token: admin,
        body: { ...prompt, override_key, display_name },
      });
    // the base workflows' placeholders still name the old key: a new one would silently stop applying
    const renamed = await put('override_prompt_text', prompt.display_name);
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toBe(
      'This override is used by Flux Portrait, SDXL Landscape; remove it from those workflows before changing its key',
    );
    const relabelled = await put('override_prompt', 'Prompt text');
    expect(relabelled.status).toBe(200);
    expect(relabelled.body).toMatchObject({ override_key: 'override_prompt', display_name: 'Prompt text' });
    await put('override_prompt', prompt.display_name);

    const { body: unused } = await create({ override_key: 'override_spare', display_name: 'Spare' });
    const free = await t.request<OverrideDefinition>('PUT', `/api/override-definitions/${unused.id}`, {
      token: admin,
      body: { override_key: 'override_spare_two', display_name: 'Spare' },
    });
    expect(free.body).toMatchObject({ override_key: 'override_spare_two' });
  });

  it('keeps what a change leaves out, and checks the definition it makes as a whole', async () => {
    const { body: created } = await create({
      override_key: 'override_passes',
      display_name: 'Passes',
      description: 'How many passes',
      data_type: 'integer',
      validation_rules: { min: 1, max: 8 },
      category: 'Sampling',
    });
    const put = (body: unknown) =>
      t.request<OverrideDefinition & { error: string }>('PUT', `/api/override-definitions/${created.id}`, {
        token: admin,
        body,
      });
    // a relabel alone must not make it a string definition without its range
    const relabelled = await put({ display_name: 'Render passes' });
    expect(relabelled.status).toBe(200);
    expect(relabelled.body).toMatchObject({
      override_key: 'override_passes',
      display_name: 'Render passes',
      description: 'How many passes',
      data_type: 'integer',
      validation_rules: { min: 1, max: 8 },
      category: 'Sampling',
    });
    // null still clears; the rules are checked against the type kept
    expect((await put({ description: null, category: null })).body).toMatchObject({
      description: null,
      category: null,
    });
    expect((await put({ validation_rules: { options: ['a'] } })).body.error).toBe(
      'options are only for the select data type',
    );
    expect((await put({ display_name: '' })).body.error).toBe('Display name is required');
    expect((await put([])).body.error).toBe('Request body must be a JSON object');
  });

  it('lists, per base workflow, the override keys that have no definition', async () => {
    const before = await t.request<{ missing_keys_by_workflow: Record<string, string[]> }>(
      'GET',
      '/api/override-definitions/missing-keys',
      { token: admin },
    );
    expect(before.body).toEqual({ missing_keys_by_workflow: {} });
    await t.request('POST', '/api/base-workflows', {
      token: admin,
      body: {
        name: 'new-graph',
        content: JSON.stringify({
          '1': { class_type: 'X', inputs: { a: 'override_prompt', b: 'override_zeta', c: ['override_alpha'] } },
        }),
      },
    });
    const after = await t.request<{ missing_keys_by_workflow: Record<string, string[]> }>(
      'GET',
      '/api/override-definitions/missing-keys',
      { token: admin },
    );
    expect(after.body).toEqual({ missing_keys_by_workflow: { 'new-graph': ['override_alpha', 'override_zeta'] } });
  });

  it("refuses a change the workflows' defaults would break, and retypes the defaults that still fit", async () => {
    const quality = { override_key: 'override_quality', display_name: 'Quality', data_type: 'integer' };
    const { body: definition } = await create({ ...quality, validation_rules: { min: 1, max: 100 } });
    const workflows = (await t.request<Array<{ id: number; name: string }>>('GET', '/api/workflows', { token: admin }))
      .body;
    const flux = workflows.find((w) => w.name === 'Flux Portrait')!;
    const links = `/api/workflows/${flux.id}/overrides`;
    const link = await t.request<{ id: number }>('POST', links, {
      token: admin,
      body: { override_definition_id: definition.id, default_value: 80 },
    });
    expect(link.status).toBe(201);
    const put = (body: object) =>
      t.request<OverrideDefinition & { error: string }>('PUT', `/api/override-definitions/${definition.id}`, {
        token: admin,
        body: { ...quality, ...body },
      });

    const narrowed = await put({ validation_rules: { min: 1, max: 10 } });
    expect(narrowed.status).toBe(409);
    expect(narrowed.body.error).toBe(
      'The default value of Quality in Flux Portrait must be at most 10; change or clear that default first',
    );
    expect((await put({ data_type: 'boolean', validation_rules: {} })).status).toBe(409);
    const unchanged = (await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin }))
      .body;
    expect(unchanged.find((d) => d.id === definition.id)).toMatchObject({ validation_rules: { min: 1, max: 100 } });
    // jobs still take the default
    const user = await t.login(await t.createUser());
    const job = await t.request('POST', '/api/jobs', { token: user, body: { workflow_id: flux.id } });
    expect(job.status, JSON.stringify(job.body)).toBe(201);

    const listed = await put({ data_type: 'select', validation_rules: { options: ['80', '90'] } });
    expect(listed.status).toBe(200);
    const stored = (await t.request<Array<{ id: number; default_value: unknown }>>('GET', links, { token: admin }))
      .body;
    expect(stored.find((l) => l.id === link.body.id)!.default_value).toBe('80');
    await t.request('DELETE', `${links}/${link.body.id}`, { token: admin });
  });

  it('stops counting wrong confirmation passwords as free guesses: after ten, even the right one waits', async () => {
    const guesser = await t.createUser({ role: 'admin' });
    const token = await t.login(guesser);
    const { body } = await create({ override_key: 'override_guarded', display_name: 'Guarded' });
    const remove = (confirmPassword: string, as = token) =>
      t.request<{ error?: string }>('DELETE', `/api/override-definitions/${body.id}`, {
        token: as,
        body: { confirmPassword },
      });
    for (let i = 0; i < 10; i++) expect((await remove(`guess-${i}`)).status).toBe(403);
    const blocked = await remove(guesser.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many wrong confirmation passwords. Please try again later.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // counted per admin: another admin's confirmation still works
    expect((await remove(adminUser.password, admin)).status).toBe(200);
  });

  it('checks no more than ten confirmation passwords when the guesses are sent all at once', async () => {
    const guesser = await t.createUser({ role: 'admin' });
    const token = await t.login(guesser);
    const { body } = await create({ override_key: 'override_burst', display_name: 'Burst' });
    const guesses = Array.from({ length: 14 }, (_, i) =>
      t.request('DELETE', `/api/override-definitions/${body.id}`, { token, body: { confirmPassword: `guess-${i}` } }),
    );
    const statuses = (await Promise.all(guesses)).map((res) => res.status);
    expect(statuses.filter((status) => status === 403)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  it('is for admins only', async () => {
    const user = await t.login(await t.createUser());
    expect((await t.request('GET', '/api/override-definitions', { token: user })).status).toBe(403);
    expect((await t.request('GET', '/api/override-definitions/missing-keys', { token: user })).status).toBe(403);
  });
});
