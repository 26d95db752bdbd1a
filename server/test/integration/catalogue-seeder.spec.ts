import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workflow } from '@atelier/shared';
import { BaseWorkflowStore } from '../../src/base-workflows/base-workflow-store.js';
import { CatalogueSeeder } from '../../src/catalogue/catalogue-seeder.js';
import { WorkflowSyncService } from '../../src/workflows/workflow-sync.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('the sample catalogue', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    admin = await t.login(await t.createUser({ role: 'admin' }));
  });
  afterAll(() => t.close());

  const names = async () =>
    (await t.request<Workflow[]>('GET', '/api/workflows', { token: admin })).body.map((w) => w.name).sort();

  it('is created once and never overwrites or brings back what an admin changed', async () => {
    const workflows = (await t.request<Workflow[]>('GET', '/api/workflows', { token: admin })).body;
    const portrait = workflows.find((w) => w.name === 'Flux Portrait')!;
    const t2i = workflows.find((w) => w.name === 'Text to Image')!;
    await t.request('DELETE', `/api/workflows/${portrait.id}`, { token: admin });
    await t.request('PUT', `/api/workflows/${t2i.id}/name`, { token: admin, body: { name: 'My T2I' } });
    await t.request('PUT', `/api/workflows/${t2i.id}/organization`, {
      token: admin,
      body: { category: 'General', tags: ['mine'] },
    });
    const before = await names();

    const seeder = t.app.get(CatalogueSeeder);
    await Promise.all([seeder.onApplicationBootstrap(), seeder.onApplicationBootstrap()]);

    expect(await names()).toEqual(before);
    expect(before).not.toContain('Flux Portrait');
    const again = (await t.request<Workflow>('GET', `/api/workflows/${t2i.id}`, { token: admin })).body;
    expect(again).toMatchObject({ name: 'My T2I', category: 'General', tags: ['mine'] });
    const repo = path.join(t.dataDir, 'base-workflows');
    expect(execFileSync('git', ['-C', repo, 'rev-list', '--count', 'HEAD']).toString().trim()).toBe('1');
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM override_definitions');
    expect(rows[0].n).toBe(10);
  });
  it('says which files mean to be JSON workflows but are not, and why, leaving the others alone', async () => {
    const files = await t.app.get(BaseWorkflowStore).readAll();
    const halfWrapped = {
      name: 'half.json',
      raw: JSON.stringify({ workflow: {}, configurable_params: { seed: { type: 'seed_control', max: 'high' } } }),
    };
    const bareGraph = { name: 'bare.json', raw: JSON.stringify({ '1': { class_type: 'SaveImage', inputs: {} } }) };
    const result = await t.app.get(WorkflowSyncService).sync([...files, halfWrapped, bareGraph]);
    expect(result).toMatchObject({
      created: [],
      hidden: [],
      malformed: [{ file: 'half.json', problem: 'Parameter seed, max: expected number, received string' }],
    });
  });
});
