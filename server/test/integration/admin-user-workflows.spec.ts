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
    t.request<UserWorkflowsResponse & { error?: string }>('GET', `/api/admin/users/${userId}/workflows`, { token });
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

  it('lists every visible workflow by name; a user with no grant sees all', async () => {
    const user = await t.createUser();
    const res = await list(user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sees_all: true,
      granted: 0,
      total: 2,
      workflows: [
        { id: alpha, name: 'alpha', workflow_type: 'slug', category: 'Image Generation', has_access: false },
        { id: beta, name: 'Beta', workflow_type: 'slug', category: 'Video Generation', has_access: false },
      ],
    });
  });

  it('grants and revokes idempotently, recording who granted, and limits what the user sees', async () => {
    const user = await t.createUser();
    const first = await grant(user.id, beta);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ workflow_id: beta, has_access: true });
    expect((await grant(user.id, beta)).status).toBe(200);
    const { rows } = await t.db.pool.query('SELECT granted_by FROM workflow_permissions WHERE user_id = $1', [user.id]);
    expect(rows).toEqual([{ granted_by: admin.id }]);

    const granted = await list(user.id);
    expect(granted.body).toMatchObject({ sees_all: false, granted: 1, total: 2 });
    expect(granted.body.workflows.find((w) => w.id === beta)?.has_access).toBe(true);

    // the grant is what the user's own access follows
    const userToken = await t.login(user);
    expect((await t.request('GET', `/api/workflows/${alpha}/configurations`, { token: userToken })).status).toBe(404);
    expect((await t.request('GET', `/api/workflows/${beta}/configurations`, { token: userToken })).status).toBe(200);

    const revoked = await revoke(user.id, beta);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ workflow_id: beta, has_access: false });
    expect((await revoke(user.id, beta)).status).toBe(200);
    expect((await list(user.id)).body).toMatchObject({ sees_all: true, granted: 0 });
  });

  it('says an admin sees every workflow whatever the grants', async () => {
    const other = await t.createUser({ role: 'admin' });
    await grant(other.id, alpha);
    expect((await list(other.id)).body).toMatchObject({ sees_all: true, granted: 1 });
  });

  it('answers 404 for an unknown user or workflow, or a hidden one, and 400 for bad ids', async () => {
    const user = await t.createUser();
    expect((await list(999_999)).body).toEqual({ error: 'User not found' });
    expect((await grant(999_999, alpha)).status).toBe(404);
    for (const workflowId of [999_999, hidden]) {
      const res = await grant(user.id, workflowId);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Workflow not found');
      expect((await revoke(user.id, workflowId)).status).toBe(404);
    }
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
