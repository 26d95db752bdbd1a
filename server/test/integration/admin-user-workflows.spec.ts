import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserWorkflowsResponse, WorkflowGrantResponse } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createWorkflow, type TestUser } from '../support/factories.js';

describe('per-user workflow permissions (admin)', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let superToken: string;
  let alpha: number;
  let beta: number;
  let hidden: number;

  const list = (userId: number | string, token = adminToken) =>
    t.request<UserWorkflowsResponse>('GET', `/api/admin/users/${userId}/workflows`, { token });
  const granted = async (userId: number) =>
    (await list(userId)).body.filter((w) => w.has_access).map((w) => [w.name, w.is_hidden]);
  const grant = (userId: number | string, workflowId: number | string, token = adminToken) =>
    t.request<WorkflowGrantResponse & { error?: string }>(
      'POST',
      `/api/admin/users/${userId}/workflows/${workflowId}`,
      { token },
    );
  const revoke = (userId: number | string, workflowId: number | string, token = adminToken) =>
    t.request<WorkflowGrantResponse & { error?: string }>(
      'DELETE',
      `/api/admin/users/${userId}/workflows/${workflowId}`,
      { token },
    );

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.createUser({ role: 'admin' });
    adminToken = await t.login(admin);
    superToken = await t.login(await t.createUser({ role: 'super_admin' }));
    beta = await createWorkflow(t.db.pool, { name: 'Beta', category: 'Video Generation' });
    alpha = await createWorkflow(t.db.pool, { name: 'alpha' });
    hidden = await createWorkflow(t.db.pool, { name: 'Gone', is_hidden: true });
  });
  afterAll(() => t.close());

  it('lists every visible workflow by name, each with has_access', async () => {
    const user = await t.createUser();
    const res = await list(user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: alpha,
        name: 'alpha',
        workflow_type: 'slug',
        category: 'Image Generation',
        has_access: false,
        is_hidden: false,
      },
      {
        id: beta,
        name: 'Beta',
        workflow_type: 'slug',
        category: 'Video Generation',
        has_access: false,
        is_hidden: false,
      },
    ]);
  });

  it('grants and revokes idempotently, recording who granted, and limits what the user sees', async () => {
    const user = await t.createUser();
    const first = await grant(user.id, beta);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ workflow_id: beta, has_access: true });
    expect((await grant(user.id, beta)).status).toBe(200);
    const { rows } = await t.db.pool.query('SELECT granted_by FROM workflow_permissions WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ granted_by: admin.id }]);

    expect(await granted(user.id)).toEqual([['Beta', false]]);

    // the grant is what the user's own access follows
    const userToken = await t.login(user);
    expect((await t.request('GET', `/api/workflows/${alpha}/configurations`, { token: userToken })).status).toBe(404);
    expect((await t.request('GET', `/api/workflows/${beta}/configurations`, { token: userToken })).status).toBe(200);

    const revoked = await revoke(user.id, beta);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ workflow_id: beta, has_access: false });
    expect((await revoke(user.id, beta)).status).toBe(200);
    expect(await granted(user.id)).toEqual([]);
  });

  it('lists a hidden workflow while the user holds a grant on it, since it still limits what they see, and revokes it', async () => {
    const user = await t.createUser();
    const workflow = await createWorkflow(t.db.pool, { name: 'Retired' });
    expect((await grant(user.id, workflow)).status).toBe(201);
    await t.db.pool.query('UPDATE workflows SET is_hidden = true WHERE id = $1', [workflow]);

    // the user is limited to a workflow nobody sees: the list must say so
    const userToken = await t.login(user);
    expect((await t.request<unknown[]>('GET', '/api/workflows', { token: userToken })).body).toEqual([]);
    expect((await list(user.id)).body.map((w) => [w.name, w.has_access, w.is_hidden])).toEqual([
      ['alpha', false, false],
      ['Beta', false, false],
      ['Retired', true, true],
    ]);

    expect((await revoke(user.id, workflow)).body).toEqual({ workflow_id: workflow, has_access: false });
    expect((await list(user.id)).body.map((w) => w.name)).toEqual(['alpha', 'Beta']);
    // a hidden workflow is never granted anew
    expect((await grant(user.id, workflow)).status).toBe(404);
  });

  it('answers 404 for an unknown user or workflow, or a hidden one, and 400 for bad ids', async () => {
    const user = await t.createUser();
    expect((await list(999_999)).body).toEqual({ error: 'User not found' });
    expect((await grant(999_999, alpha)).status).toBe(404);
    for (const workflowId of [999_999, hidden]) {
      const res = await grant(user.id, workflowId);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Workflow not found');
    }
    expect((await revoke(user.id, 999_999)).body).toEqual({ error: 'Workflow not found' });
    for (const id of ['x', '0', '99999999999']) {
      expect((await list(id)).status, id).toBe(400);
      expect((await grant(user.id, id)).status, id).toBe(400);
      expect((await revoke(id, alpha)).status, id).toBe(400);
    }
  });

  it("lets only a super_admin change a super_admin's grants", async () => {
    const target = await t.createUser({ role: 'super_admin' });
    expect((await list(target.id)).status).toBe(200);
    expect((await grant(target.id, alpha)).status).toBe(403);
    expect((await revoke(target.id, alpha)).status).toBe(403);
    expect((await grant(target.id, alpha, superToken)).status).toBe(201);
  });
});
