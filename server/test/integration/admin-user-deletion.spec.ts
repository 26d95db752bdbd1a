import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeleteUserResponse, UserCascadeCounts } from '@atelier/shared';
import { createTinyWorkflow, submitJob, waitForJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';
import {
  createConfiguration,
  createFavorite,
  createFolder,
  createGalleryItem,
  createJob,
  createWorkflow,
  grantWorkflow,
  type TestUser,
} from '../support/factories.js';

describe('DELETE /api/admin/users/:id and its preview', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: TestUser;
  let superAdmin: TestUser;
  let adminToken: string;
  let superToken: string;
  let workflowA: number;
  let workflowB: number;

  const mediaFile = (relativePath: string) => path.join(dataDir, 'media', ...relativePath.split('/'));
  const writeMedia = (relativePath: string) => {
    mkdirSync(path.dirname(mediaFile(relativePath)), { recursive: true });
    writeFileSync(mediaFile(relativePath), 'pixels');
  };
  const countRows = async (table: string, userId: number) =>
    (await t.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId]))
      .rows[0]!.n;
  const remove = (token: string, id: number | string) =>
    t.request<DeleteUserResponse & { error?: string }>('DELETE', `/api/admin/users/${id}`, { token });

  /** A user with two jobs, three gallery items (files on disk), two folders, configurations, favourites and a grant. */
  async function userWithEverything(): Promise<{ user: TestUser; files: string[] }> {
    const user = await t.createUser();
    const job1 = await createJob(t.db.pool, user.id, workflowA);
    const job2 = await createJob(t.db.pool, user.id, workflowB);
    const folder = await createFolder(t.db.pool, user.id);
    await createFolder(t.db.pool, user.id);
    const files = [
      `${user.id}/${job1}/0.png`,
      `${user.id}/${job1}/0.webp`,
      `${user.id}/${job1}/1.png`,
      `${user.id}/${job2}/0.mp4`,
    ];
    files.forEach(writeMedia);
    await createGalleryItem(t.db.pool, user.id, job1, {
      batch_index: 0,
      file_path: files[0],
      thumbnail_path: files[1],
      folder_id: folder,
    });
    await createGalleryItem(t.db.pool, user.id, job1, { batch_index: 1, file_path: files[2], thumbnail_path: null });
    // a thumbnail that was never written: a missing file is fine
    await createGalleryItem(t.db.pool, user.id, job2, {
      file_path: files[3],
      thumbnail_path: `${user.id}/${job2}/gone.webp`,
    });
    await createConfiguration(t.db.pool, user.id, workflowA);
    await createConfiguration(t.db.pool, user.id, workflowA);
    await createConfiguration(t.db.pool, user.id, workflowB);
    await createFavorite(t.db.pool, user.id, workflowA);
    await grantWorkflow(t.db.pool, user.id, workflowB);
    return { user, files };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-user-delete-'));
    t = await startTestApp({ DATA_DIR: dataDir });
    admin = await t.createUser({ role: 'admin' });
    superAdmin = await t.createUser({ role: 'super_admin' });
    adminToken = await t.login(admin);
    superToken = await t.login(superAdmin);
    workflowA = await createWorkflow(t.db.pool);
    workflowB = await createWorkflow(t.db.pool);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('previews the counts the delete dialog shows', async () => {
    const { user } = await userWithEverything();
    const res = await t.request<UserCascadeCounts>('GET', `/api/admin/users/${user.id}/delete-preview`, {
      token: adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ jobs: 2, folders: 2, configs: 3, favorites: 1 });
    const empty = await t.createUser();
    expect((await t.request('GET', `/api/admin/users/${empty.id}/delete-preview`, { token: adminToken })).body).toEqual(
      { jobs: 0, folders: 0, configs: 0, favorites: 0 },
    );
    expect((await t.request('GET', '/api/admin/users/999999/delete-preview', { token: adminToken })).status).toBe(404);
  });

  it('removes the user and everything they own, rows and media files, and answers the counts', async () => {
    const { user, files } = await userWithEverything();
    const bystander = await userWithEverything();
    const token = await t.login(user);

    const res = await remove(adminToken, user.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      username: user.username,
      cascade_deleted: { jobs: 2, folders: 2, configs: 3, favorites: 1 },
    });

    for (const table of [
      'jobs',
      'gallery_items',
      'folders',
      'configurations',
      'workflow_favorites',
      'workflow_permissions',
    ]) {
      expect(await countRows(table, user.id), table).toBe(0);
      expect(await countRows(table, bystander.user.id), `bystander ${table}`).toBeGreaterThan(0);
    }
    expect((await t.db.pool.query('SELECT 1 FROM users WHERE id = $1', [user.id])).rowCount).toBe(0);
    for (const file of files) expect(existsSync(mediaFile(file)), file).toBe(false);
    // nor the folders they were in
    expect(existsSync(mediaFile(String(user.id))), 'media folder').toBe(false);
    for (const file of bystander.files) expect(existsSync(mediaFile(file)), file).toBe(true);
    expect((await t.request('GET', '/api/session', { token })).status).toBe(401);
    expect((await remove(adminToken, user.id)).status).toBe(404);
  });

  it('keeps the workflows and the grants the deleted admin gave', async () => {
    const grantor = await t.createUser({ role: 'admin' });
    const grantee = await t.createUser();
    await t.db.pool.query('INSERT INTO workflow_permissions (user_id, workflow_id, granted_by) VALUES ($1, $2, $3)', [
      grantee.id,
      workflowA,
      grantor.id,
    ]);
    expect((await remove(superToken, grantor.id)).status).toBe(200);
    const { rows } = await t.db.pool.query('SELECT granted_by FROM workflow_permissions WHERE user_id = $1', [
      grantee.id,
    ]);
    expect(rows).toEqual([{ granted_by: null }]);
    expect(
      (await t.db.pool.query('SELECT 1 FROM workflows WHERE id = ANY($1)', [[workflowA, workflowB]])).rowCount,
    ).toBe(2);
  });

  it('refuses deleting oneself', async () => {
    for (const [who, token] of [
      [admin, adminToken],
      [superAdmin, superToken],
    ] as const) {
      const res = await remove(token, who.id);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('You cannot delete your own account');
    }
  });

  it('lets only a super_admin delete a super_admin', async () => {
    const other = await t.createUser({ role: 'super_admin' });
    const denied = await remove(adminToken, other.id);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Only a super admin can create, edit or delete a super admin or grant that role');
    expect((await t.db.pool.query('SELECT 1 FROM users WHERE id = $1', [other.id])).rowCount).toBe(1);
    expect((await remove(superToken, other.id)).status).toBe(200);
    // an admin deletes an admin or a user
    expect((await remove(adminToken, (await t.createUser({ role: 'admin' })).id)).status).toBe(200);
  });

  it('answers 400 for an id that is not one', async () => {
    for (const id of ['abc', '0', '99999999999']) expect((await remove(adminToken, id)).status, id).toBe(400);
  });
});

describe('deleting a user whose job is running', () => {
  let t: TestApp;
  let worker: WorkerProcess;

  beforeAll(async () => {
    t = await startTestApp();
    // each item takes 800 ms, so the delete lands while one is being made
    worker = await startWorker(t, { BUILTIN_ITEM_DELAY_MS: '800' });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  const filesUnder = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
      : [];

  it('leaves none of its files on disk, not even those of the item being made', async () => {
    const superToken = await t.login(await t.createUser({ role: 'super_admin' }));
    const user = await t.createUser();
    const workflowId = await createTinyWorkflow(t);
    const jobId = await submitJob(t, await t.login(user), { workflow_id: workflowId, batch_size: 20 });
    const rows = () => t.db.pool.query('SELECT 1 FROM gallery_items WHERE job_id = $1', [jobId]);
    await waitFor('the first item', async () => (await rows()).rowCount! >= 1);

    const deleted = await t.request('DELETE', `/api/admin/users/${user.id}`, { token: superToken });
    expect(deleted.status).toBe(200);
    const userDir = path.join(t.dataDir, 'media', String(user.id));
    // the worker finishes the item it was making, finds its job gone and removes what it stored, or
    // finds the job gone while the item runs and stops it; or, when the delete came between two
    // items (or waited for one's row), stops before the next
    await waitFor(
      'the item in progress to end',
      () =>
        /its new files removed|item stopped|job deleted between items|gallery_items_user_id_fkey/.test(worker.output()),
      15_000,
    );
    expect(filesUnder(userDir)).toEqual([]);
  });
});

describe('deleting a user while an item of theirs is being made', () => {
  let t: TestApp;
  let worker: WorkerProcess;

  beforeAll(async () => {
    t = await startTestApp();
    // one job at a time, and items that take two minutes unless stopped
    worker = await startWorker(t, { BUILTIN_ITEM_DELAY_MS: '120000', WORKER_CONCURRENCY: '1' });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it("stops that item, so the next user's job starts instead of waiting for it", async () => {
    const superToken = await t.login(await t.createUser({ role: 'super_admin' }));
    const workflowId = await createTinyWorkflow(t);
    const leaving = await t.createUser();
    const first = await submitJob(t, await t.login(leaving), { workflow_id: workflowId, batch_size: 1 });
    await waitForJob(t, superToken, first, ['submitting', 'processing']);
    const staying = await t.login(await t.createUser());
    const next = await submitJob(t, staying, { workflow_id: workflowId, batch_size: 1 });

    expect((await t.request('DELETE', `/api/admin/users/${leaving.id}`, { token: superToken })).status).toBe(200);
    expect(await waitForJob(t, staying, next, ['submitting', 'processing'], 20_000)).toMatchObject({ id: next });
  });
});
