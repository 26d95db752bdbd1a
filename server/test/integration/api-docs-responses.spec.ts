import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseWorkflowFile, SessionResponse } from '@atelier/shared';
import type { OpenApiDocument } from '../../src/openapi/openapi-document.js';
import {
  createConfiguration,
  createFolder,
  createGalleryItem,
  createJob,
  type TestUser,
} from '../support/factories.js';
import { responseValidator } from '../support/openapi.js';
import { createTinyWorkflow, submitJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface Call {
  method: 'get' | 'post' | 'put';
  /** The documented path the URL is an instance of. */
  path: string;
  url: string;
  as?: 'user' | 'admin' | 'nobody';
  body?: unknown;
  status: number;
}

describe('real answers match the schemas the document gives for them', () => {
  let t: TestApp;
  let validate: ReturnType<typeof responseValidator>;
  let user: TestUser;
  const tokens: Record<'user' | 'admin', string> = { user: '', admin: '' };
  let slugWorkflow: number;
  let tiny: number;
  let jobId: number;
  let finishedJob: number;
  let itemId: number;
  let baseFile: string;

  const call = ({ method, url, as = 'user', body }: Call) =>
    t.request(method.toUpperCase(), url, { token: as === 'nobody' ? undefined : tokens[as], body });

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    validate = responseValidator((await t.request<OpenApiDocument>('GET', '/api/docs/openapi.json')).body);
    user = await t.createUser({ username: 'documented' });
    tokens.user = await t.login(user);
    tokens.admin = await t.login(await t.createUser({ role: 'admin' }));
    const { rows } = await t.db.pool.query<{ id: number }>(`SELECT id FROM workflows WHERE workflow_type = 'slug'`);
    slugWorkflow = rows[0]!.id;
    tiny = await createTinyWorkflow(t);
    jobId = await submitJob(t, tokens.user, { workflow_id: tiny, job_name: 'documented job', batch_size: 2 });
    finishedJob = await createJob(t.db.pool, user.id, tiny, { status: 'completed' });
    itemId = await createGalleryItem(t.db.pool, user.id, finishedJob);
    await createFolder(t.db.pool, user.id, { name: 'Keep', hotkey: 'k' });
    await createConfiguration(t.db.pool, user.id, slugWorkflow, { config_name: 'Saved' });
    baseFile = (await t.request<BaseWorkflowFile[]>('GET', '/api/base-workflows', { token: tokens.admin })).body[0]!
      .name;
  });
  afterAll(() => t.close());

  async function expectDocumented(c: Call): Promise<unknown> {
    const res = await call(c);
    const label = `${c.method} ${c.url}`;
    expect([res.status, res.body], label).toEqual([c.status, expect.anything()]);
    expect(validate(c.method, c.path, c.status, res.body), label).toEqual([]);
    return res.body;
  }

  it('for reads across every area, with lists that hold something', async () => {
    const reads: Call[] = [
      { method: 'get', path: '/session', url: '/api/session', status: 200 },
      { method: 'get', path: '/health', url: '/api/health', as: 'nobody', status: 200 },
      { method: 'get', path: '/queue', url: '/api/queue', status: 200 },
      { method: 'get', path: '/jobs', url: '/api/jobs?limit=5', status: 200 },
      { method: 'get', path: '/jobs/{id}', url: `/api/jobs/${jobId}`, status: 200 },
      { method: 'get', path: '/jobs/{id}/results', url: `/api/jobs/${finishedJob}/results`, status: 200 },
      { method: 'get', path: '/analytics/dashboard', url: '/api/analytics/dashboard?period=7days', status: 200 },
      { method: 'get', path: '/analytics/dashboard', url: '/api/analytics/dashboard', as: 'admin', status: 200 },
      { method: 'get', path: '/workflows', url: '/api/workflows', status: 200 },
      { method: 'get', path: '/workflows/{id}', url: `/api/workflows/${slugWorkflow}`, status: 200 },
      { method: 'get', path: '/workflows/{id}', url: `/api/workflows/${tiny}`, status: 200 },
      { method: 'get', path: '/workflows/categories', url: '/api/workflows/categories', status: 200 },
      { method: 'get', path: '/workflows/tags', url: '/api/workflows/tags', status: 200 },
      {
        method: 'get',
        path: '/workflows/missing-slugs',
        url: '/api/workflows/missing-slugs',
        as: 'admin',
        status: 200,
      },
      {
        method: 'get',
        path: '/workflows/{id}/overrides',
        url: `/api/workflows/${slugWorkflow}/overrides`,
        status: 200,
      },
      {
        method: 'get',
        path: '/workflows/{id}/configurations',
        url: `/api/workflows/${slugWorkflow}/configurations`,
        status: 200,
      },
      { method: 'get', path: '/assets', url: '/api/assets', as: 'nobody', status: 200 },
      { method: 'get', path: '/gallery', url: '/api/gallery', status: 200 },
      { method: 'get', path: '/gallery/count', url: '/api/gallery/count', status: 200 },
      { method: 'get', path: '/folders', url: '/api/folders', status: 200 },
      { method: 'get', path: '/base-workflows', url: '/api/base-workflows', as: 'admin', status: 200 },
      {
        method: 'get',
        path: '/base-workflows/{filename}',
        url: `/api/base-workflows/${baseFile}`,
        as: 'admin',
        status: 200,
      },
      { method: 'get', path: '/override-definitions', url: '/api/override-definitions', as: 'admin', status: 200 },
      {
        method: 'get',
        path: '/override-definitions/missing-keys',
        url: '/api/override-definitions/missing-keys',
        as: 'admin',
        status: 200,
      },
      { method: 'get', path: '/admin/users', url: '/api/admin/users', as: 'admin', status: 200 },
      {
        method: 'get',
        path: '/admin/users/{id}/delete-preview',
        url: `/api/admin/users/${user.id}/delete-preview`,
        as: 'admin',
        status: 200,
      },
      {
        method: 'get',
        path: '/admin/users/{id}/workflows',
        url: `/api/admin/users/${user.id}/workflows`,
        as: 'admin',
        status: 200,
      },
      {
        method: 'get',
        path: '/admin/users/{id}/folders',
        url: `/api/admin/users/${user.id}/folders`,
        as: 'admin',
        status: 200,
      },
    ];
    for (const read of reads) {
      const body = await expectDocumented(read);
      if (Array.isArray(body) && read.path !== '/assets') expect(body.length, read.url).toBeGreaterThan(0);
    }
  });

  it('for writes', async () => {
    const writes: Call[] = [
      { method: 'post', path: '/login', url: '/api/login', as: 'nobody', body: user, status: 200 },
      { method: 'post', path: '/folders', url: '/api/folders', body: { name: 'Best', hotkey: 'b' }, status: 201 },
      {
        method: 'post',
        path: '/configurations',
        url: '/api/configurations',
        body: { workflow_id: slugWorkflow, config_name: 'Another', parameter_values: { steps: 20 } },
        status: 201,
      },
      { method: 'post', path: '/jobs', url: '/api/jobs', body: { workflow_id: tiny, batch_size: 1 }, status: 201 },
      { method: 'post', path: '/workflows/{id}/favorite', url: `/api/workflows/${slugWorkflow}/favorite`, status: 200 },
      {
        method: 'put',
        path: '/gallery/{id}/tags',
        url: `/api/gallery/${itemId}/tags`,
        body: { user_tags: ['best'] },
        status: 200,
      },
      { method: 'post', path: '/gallery/{id}/archive', url: `/api/gallery/${itemId}/archive`, status: 200 },
      {
        method: 'post',
        path: '/gallery/bulk-unarchive',
        url: '/api/gallery/bulk-unarchive',
        body: { ids: [itemId] },
        status: 200,
      },
      { method: 'post', path: '/jobs/{id}/cancel', url: `/api/jobs/${jobId}/cancel`, status: 200 },
      {
        method: 'post',
        path: '/base-workflows',
        url: '/api/base-workflows',
        as: 'admin',
        body: { name: 'Documented', content: '{}' },
        status: 201,
      },
      {
        method: 'put',
        path: '/base-workflows/{filename}',
        url: '/api/base-workflows/Documented.json',
        as: 'admin',
        body: { content: { nodes: [] }, newName: 'Documented again' },
        status: 200,
      },
    ];
    for (const write of writes) await expectDocumented(write);
  });

  it('for errors, each in the shared error shape', async () => {
    const errors: Call[] = [
      {
        method: 'post',
        path: '/login',
        url: '/api/login',
        as: 'nobody',
        body: { ...user, password: 'wrong one' },
        status: 401,
      },
      { method: 'get', path: '/jobs', url: '/api/jobs', as: 'nobody', status: 401 },
      { method: 'get', path: '/admin/users', url: '/api/admin/users', status: 403 },
      { method: 'get', path: '/jobs/{id}', url: '/api/jobs/999999', status: 404 },
      { method: 'post', path: '/jobs/{id}/cancel', url: `/api/jobs/${finishedJob}/cancel`, status: 409 },
    ];
    for (const error of errors) await expectDocumented(error);
    const invalid = (await expectDocumented({
      method: 'post',
      path: '/folders',
      url: '/api/folders',
      body: {},
      status: 400,
    })) as {
      fields?: Record<string, string>;
    };
    expect(invalid.fields).toEqual({ name: 'Folder name is required' });
  });

  it('and a body the document does not describe is refused, so these checks can fail', async () => {
    const session = (await call({ method: 'get', path: '/session', url: '/api/session', status: 200 }))
      .body as SessionResponse;
    expect(validate('get', '/session', 200, session)).toEqual([]);
    expect(validate('get', '/session', 200, { user: { ...session.user, role: 'owner' } })).not.toEqual([]);
    const job = (await call({ method: 'get', path: '/jobs/{id}', url: `/api/jobs/${jobId}`, status: 200 }))
      .body as Record<string, unknown>;
    const { status: _status, ...withoutStatus } = job;
    expect(validate('get', '/jobs/{id}', 200, withoutStatus)).not.toEqual([]);
    expect(validate('get', '/jobs/{id}', 201, job)).toEqual(['get /jobs/{id} documents no 201 answer']);
  });
});
