import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFolder, createGalleryItem, createJob } from '../support/factories.js';
import { createTinyWorkflow } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/**
 * A request that reads a row, then writes something referring to it, while another deletes that
 * row in between: the write's foreign key check fails. Interleaved for real: this test holds the
 * row locked, so the API's write waits on it, then deletes the row and lets the write go on.
 */
describe('a row deleted while a request that refers to it is on its way', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Runs `request` while `table`'s row `id` is locked, deletes the row once the request waits on it. */
  async function deletedMidway<T>(table: 'workflows' | 'users', id: number, request: () => Promise<T>): Promise<T> {
    const client: PoolClient = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
      const answer = request();
      await waitFor('the write to wait on the locked row', async () => {
        const { rows } = await t.db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'INSERT%'`,
        );
        return rows[0]!.n > 0;
      });
      await client.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
      await client.query('COMMIT');
      return await answer;
    } finally {
      client.release();
    }
  }

  it("answers 404 'Workflow not found' to a job submitted as its workflow is deleted, not a 500", async () => {
    const user = await t.createUser();
    const token = await t.login(user);
    const workflowId = await createTinyWorkflow(t, 'Soon gone');
    const res = await deletedMidway('workflows', workflowId, () =>
      t.request<{ error?: string }>('POST', '/api/jobs', {
        token,
        body: { workflow_id: workflowId, job_name: 'late', batch_size: 1, parameters: {} },
      }),
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Workflow not found');
  });

  it("answers 404 'User not found' to an admin granting a workflow to a user deleted meanwhile", async () => {
    const admin = await t.login(await t.createUser({ role: 'admin' }));
    const user = await t.createUser();
    const workflowId = await createTinyWorkflow(t, 'Granted');
    const res = await deletedMidway('users', user.id, () =>
      t.request<{ error?: string }>('POST', `/api/admin/users/${user.id}/workflows/${workflowId}`, { token: admin }),
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('User not found');
  });

  it('signs out a user deleted during their own request (401), as their next request would', async () => {
    const user = await t.createUser();
    const token = await t.login(user);
    const res = await deletedMidway('users', user.id, () =>
      t.request<{ error?: string }>('POST', '/api/folders', { token, body: { name: 'Mine' } }),
    );
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });

  it('deletes a user while a move of theirs holds its folder, instead of deadlocking with it', async () => {
    const admin = await t.login(await t.createUser({ role: 'admin' }));
    const user = await t.createUser();
    const jobId = await createJob(t.db.pool, user.id, null);
    const items = [
      await createGalleryItem(t.db.pool, user.id, jobId),
      await createGalleryItem(t.db.pool, user.id, jobId, { batch_index: 1 }),
    ];
    const folderId = await createFolder(t.db.pool, user.id, { name: 'Mine' });
    // the locks of a gallery move into that folder, taken in its order: the folder, then the items
    const move: PoolClient = await t.db.pool.connect();
    try {
      await move.query('BEGIN');
      await move.query('SELECT id FROM folders WHERE id = $1 FOR KEY SHARE', [folderId]);
      const deletion = t.request('DELETE', `/api/admin/users/${user.id}`, { token: admin });
      await waitFor('the deletion to wait on the folder', async () => {
        const { rows } = await t.db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
          [(await move.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid],
        );
        return rows[0]!.n > 0;
      });
      await move.query('SELECT id FROM gallery_items WHERE id = ANY($1) ORDER BY id FOR UPDATE', [items]);
      await move.query('UPDATE gallery_items SET folder_id = $1 WHERE id = ANY($2)', [folderId, items]);
      await move.query('COMMIT');
      expect((await deletion).status).toBe(200);
    } finally {
      move.release();
    }
    const { rows } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE id = $1', [
      user.id,
    ]);
    expect(rows[0]!.n).toBe(0);
  });
});
