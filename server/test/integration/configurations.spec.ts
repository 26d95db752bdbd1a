import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createConfiguration, createWorkflow, grantWorkflow, type TestUser } from '../support/factories.js';

type Answer<T> = T & { error?: string };

describe('saved configurations', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let workflow: number;

  const list = (workflowId: number | string, token = aliceToken) =>
    t.request<Answer<Configuration[]>>('GET', `/api/workflows/${workflowId}/configurations`, { token });
  const save = (body: unknown, token = aliceToken) =>
    t.request<Answer<Configuration>>('POST', '/api/configurations', { token, body });

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.createUser();
    bob = await t.createUser();
    aliceToken = await t.login(alice);
    bobToken = await t.login(bob);
    workflow = await createWorkflow(t.db.pool);
  });
  afterAll(() => t.close());

  it("saves a configuration and lists the caller's own, newest first", async () => {
    const first = await save({
      workflow_id: workflow,
      config_name: ' Portrait ',
      parameter_values: { steps: 20, prompt: 'a cat' },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      workflow_id: workflow,
      config_name: 'Portrait',
      parameter_values: { steps: 20, prompt: 'a cat' },
      created_at: expect.any(String),
    });
    const second = await save({ workflow_id: String(workflow), config_name: 'Landscape' });
    expect(second.body.parameter_values).toEqual({});
    await createConfiguration(t.db.pool, bob.id, workflow, { config_name: 'Bob only' });

    const res = await list(workflow);
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.config_name)).toEqual(['Landscape', 'Portrait']);
  });

  it('updates the values when the same name is saved again for the same workflow', async () => {
    const other = await createWorkflow(t.db.pool);
    const original = await save({ workflow_id: other, config_name: 'Draft', parameter_values: { steps: 10 } });
    const again = await save({ workflow_id: other, config_name: 'Draft', parameter_values: { steps: 30 } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: original.body.id, parameter_values: { steps: 30 } });
    expect((await list(other)).body).toHaveLength(1);
    // another user's same name is their own configuration
    const bobs = await save({ workflow_id: other, config_name: 'Draft', parameter_values: { steps: 1 } }, bobToken);
    expect(bobs.status).toBe(201);
    expect((await list(other)).body[0]?.parameter_values).toEqual({ steps: 30 });
  });

  it('takes a name typed with a combining accent as the same name typed composed', async () => {
    const other = await createWorkflow(t.db.pool);
    const decomposed = await save({ workflow_id: other, config_name: 'Cafe\u0301', parameter_values: { steps: 10 } });
    expect(decomposed.status).toBe(201);
    const composed = await save({ workflow_id: other, config_name: 'Caf\u00e9', parameter_values: { steps: 30 } });
    expect(composed.status).toBe(200);
    expect((await list(other)).body).toEqual([
      expect.objectContaining({ id: decomposed.body.id, config_name: 'Caf\u00e9', parameter_values: { steps: 30 } }),
    ]);
    // 100 accented letters are 100 characters, however they were typed
    const long = await save({ workflow_id: other, config_name: 'e\u0301'.repeat(100) });
    expect(long.status).toBe(201);
    expect(long.body.config_name).toBe('\u00e9'.repeat(100));
  });

  it('answers the spec messages for a missing workflow or a blank name', async () => {
    for (const body of [
      { config_name: 'x' },
      { workflow_id: null, config_name: 'x' },
      { workflow_id: '', config_name: 'x' },
      { workflow_id: 'abc', config_name: 'x' },
      {},
    ]) {
      const res = await save(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please select a workflow first');
    }
    for (const config_name of [undefined, '', '   ', 42]) {
      const res = await save({ workflow_id: workflow, config_name });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please enter a configuration name');
    }
  });

  it('refuses parameter values that are not an object or too large, and a long name', async () => {
    for (const parameter_values of [[1, 2], 'steps=20', 5]) {
      expect((await save({ workflow_id: workflow, config_name: 'x', parameter_values })).body.error).toBe(
        'Parameter values must be an object',
      );
    }
    const huge = await save({
      workflow_id: workflow,
      config_name: 'x',
      parameter_values: { prompt: 'x'.repeat(70_000) },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.error).toBe('Parameter values must be at most 64 KB');
    expect((await save({ workflow_id: workflow, config_name: 'x'.repeat(101) })).body.error).toBe(
      'Configuration name must be at most 100 characters',
    );
  });

  it('answers 404 Workflow not found for an unknown, hidden or not-permitted workflow', async () => {
    const hidden = await createWorkflow(t.db.pool, { is_hidden: true });
    const restricted = await createWorkflow(t.db.pool);
    const limited = await t.createUser();
    const allowed = await createWorkflow(t.db.pool);
    await grantWorkflow(t.db.pool, limited.id, allowed);
    const limitedToken = await t.login(limited);

    for (const id of [999_999, hidden]) {
      expect((await list(id)).body).toEqual({ error: 'Workflow not found' });
      expect((await save({ workflow_id: id, config_name: 'x' })).status).toBe(404);
    }
    expect((await list(restricted, limitedToken)).status).toBe(404);
    const refused = await save({ workflow_id: restricted, config_name: 'x' }, limitedToken);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Workflow not found');
    expect((await save({ workflow_id: allowed, config_name: 'x' }, limitedToken)).status).toBe(201);
    for (const id of ['abc', '0', '99999999999']) expect((await list(id)).status, id).toBe(400);
  });

  it("never shows or changes another user's configurations", async () => {
    const own = await createConfiguration(t.db.pool, bob.id, workflow, {
      config_name: 'Secret',
      parameter_values: { seed: 1 },
    });
    expect((await list(workflow)).body.map((c) => c.id)).not.toContain(own);

    const deleted = await t.request<Answer<object>>('DELETE', `/api/configurations/${own}`, { token: aliceToken });
    expect(deleted.status).toBe(404);
    expect(deleted.body.error).toBe('Configuration not found');
    expect((await t.db.pool.query('SELECT 1 FROM configurations WHERE id = $1', [own])).rowCount).toBe(1);

    expect((await t.request('DELETE', `/api/configurations/${own}`, { token: bobToken })).status).toBe(200);
    expect((await t.db.pool.query('SELECT 1 FROM configurations WHERE id = $1', [own])).rowCount).toBe(0);
    expect((await t.request('DELETE', '/api/configurations/abc', { token: bobToken })).status).toBe(400);
  });

  it('requires sign-in', async () => {
    expect((await t.request('GET', `/api/workflows/${workflow}/configurations`)).status).toBe(401);
    expect(
      (await t.request('POST', '/api/configurations', { body: { workflow_id: workflow, config_name: 'x' } })).status,
    ).toBe(401);
  });
});
