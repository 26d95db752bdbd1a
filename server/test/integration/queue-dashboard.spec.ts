import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTinyWorkflow, submitJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('the queue dashboard at /admin/queues', () => {
  let t: TestApp;
  let user: string;
  let admin: string;
  let superAdmin: string;

  beforeAll(async () => {
    t = await startTestApp();
    user = await t.login(await t.createUser({ role: 'user' }));
    admin = await t.login(await t.createUser({ role: 'admin' }));
    superAdmin = await t.login(await t.createUser({ role: 'super_admin' }));
  });
  afterAll(() => t.close());

  it('answers 401 without a token and 403 to a role user, on the page and on its API', async () => {
    for (const path of ['/admin/queues', '/admin/queues/api/queues']) {
      const anonymous = await t.request<{ error: string }>('GET', path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toContain('Admin area');
      expect((await t.request('GET', path, { token: 'not.a.jwt' })).status).toBe(401);
      const asUser = await t.request<{ error: string }>('GET', path, { token: user });
      expect(asUser.status).toBe(403);
      expect(asUser.body).toEqual({ error: 'Only admins can open the queue dashboard' });
    }
  });

  it('shows admins and super_admins the generation queue with its entries', async () => {
    const page = await t.request<string>('GET', '/admin/queues', { token: admin });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('Atelier queue');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const workflowId = await createTinyWorkflow(t);
    await submitJob(t, user, { workflow_id: workflowId, batch_size: 4 });
    const queues = await t.request<{ queues: Array<{ name: string; counts: Record<string, number> }> }>(
      'GET',
      '/admin/queues/api/queues',
      { token: superAdmin },
    );
    expect(queues.status).toBe(200);
    const generation = queues.body.queues.find((q) => q.name === 'generation');
    expect(generation).toBeDefined();
    expect((generation!.counts.waiting ?? 0) + (generation!.counts.prioritized ?? 0)).toBe(1);
  });

  it('is read-only, even for a super_admin: no pause, clean or added entry behind the jobs table', async () => {
    for (const [method, path, body] of [
      ['PUT', '/admin/queues/api/queues/generation/pause', undefined],
      ['PUT', '/admin/queues/api/queues/generation/clean/waiting', undefined],
      ['PUT', '/admin/queues/api/queues/generation/empty', undefined],
      ['POST', '/admin/queues/api/queues/generation/add', { name: 'run-job', data: {} }],
    ] as const) {
      const res = await t.request(method, path, { token: superAdmin, body });
      expect(res.status, `${method} ${path}`).toBe(405);
    }
    const queues = await t.request<{ queues: Array<{ name: string; isPaused: boolean; readOnlyMode: boolean }> }>(
      'GET',
      '/admin/queues/api/queues',
      { token: admin },
    );
    expect(queues.body.queues.find((q) => q.name === 'generation')).toMatchObject({
      isPaused: false,
      readOnlyMode: true,
    });
  });

  it("hands an admin's browser the same token as a path-scoped, HttpOnly, SameSite=Strict cookie", async () => {
    expect((await t.request('POST', '/api/admin/queue-dashboard/session', { token: user })).status).toBe(403);
    const res = await t.request('POST', '/api/admin/queue-dashboard/session', { token: admin });
    expect(res.status).toBe(204);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(
      /^atelier_queue_dashboard=[^;]+; Path=\/admin\/queues; Max-Age=\d+; HttpOnly; SameSite=Strict$/,
    );
    const pair = cookie.split(';')[0]!;
    expect(pair.slice(pair.indexOf('=') + 1)).toBe(admin);

    const withCookie = await t.request('GET', '/admin/queues/api/queues', { headers: { cookie: pair } });
    expect(withCookie.status).toBe(200);
  });

  it('clears the cookie on sign-out, for anyone, without a session', async () => {
    const res = await t.request('DELETE', '/api/admin/queue-dashboard/session');
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBe(
      'atelier_queue_dashboard=; Path=/admin/queues; Max-Age=0; HttpOnly; SameSite=Strict',
    );
  });

  it('stops honouring the cookie once the admin is demoted or deleted', async () => {
    const other = await t.createUser({ role: 'admin' });
    const token = await t.login(other);
    const res = await t.request('POST', '/api/admin/queue-dashboard/session', { token });
    const pair = res.headers.get('set-cookie')!.split(';')[0]!;
    await t.db.pool.query(`UPDATE users SET role = 'user' WHERE id = $1`, [other.id]);
    expect((await t.request('GET', '/admin/queues/api/queues', { headers: { cookie: pair } })).status).toBe(403);
    await t.db.pool.query('DELETE FROM users WHERE id = $1', [other.id]);
    expect((await t.request('GET', '/admin/queues/api/queues', { headers: { cookie: pair } })).status).toBe(401);
  });
});
