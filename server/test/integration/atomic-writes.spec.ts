import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OverrideDefinition, Workflow, WorkflowOverride } from '@atelier/shared';
import { installFailingTrigger, type FailingTrigger } from '../support/failing-trigger.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
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

const INTERNAL = { error: 'Internal server error' };

/**
 * Multi-row writes that must succeed or change nothing (issue 9, item 5): PostgreSQL is made to
 * refuse one write partway through, after earlier writes of the same operation went in.
 */
describe('atomic writes under a failure partway', () => {
  let t: TestApp;
  let admin: string;
  let defs: Map<string, number>;
  let trigger: FailingTrigger | undefined;

  const fail = async (options: Parameters<typeof installFailingTrigger>[1]) => {
    trigger = await installFailingTrigger(t.db.pool, options);
    return trigger;
  };
  const rows = async (sql: string, params: unknown[]) => (await t.db.pool.query(sql, params)).rows;

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    admin = await t.login(await t.createUser({ role: 'admin' }));
    const definitions = await t.request<OverrideDefinition[]>('GET', '/api/override-definitions', { token: admin });
    defs = new Map(definitions.body.map((d) => [d.override_key, d.id]));
  });
  afterEach(async () => {
    await trigger?.remove();
    trigger = undefined;
  });
  afterAll(() => t.close());

  describe('user deletion', () => {
    const mediaFile = (relativePath: string) => path.join(t.dataDir, 'media', ...relativePath.split('/'));

    /** Every row the user owns, by table, in a form that compares whole. */
    const owned = async (user: TestUser) => {
      const out: Record<string, unknown[]> = {};
      for (const table of ['jobs', 'gallery_items', 'folders', 'configurations', 'workflow_favorites'])
        out[table] = await rows(`SELECT * FROM ${table} WHERE user_id = $1 ORDER BY 1`, [user.id]);
      out.workflow_permissions = await rows('SELECT * FROM workflow_permissions WHERE user_id = $1', [user.id]);
      out.users = await rows('SELECT * FROM users WHERE id = $1', [user.id]);
      return out;
    };

    it('keeps every row and media file when a late delete fails, and succeeds once it can', async () => {
      const user = await t.createUser();
      const workflow = await createWorkflow(t.db.pool);
      const jobs = [await createJob(t.db.pool, user.id, workflow), await createJob(t.db.pool, user.id, workflow)];
      const files = [`${user.id}/${jobs[0]}/0.png`, `${user.id}/${jobs[0]}/0.webp`, `${user.id}/${jobs[1]}/0.png`];
      for (const file of files) {
        mkdirSync(path.dirname(mediaFile(file)), { recursive: true });
        writeFileSync(mediaFile(file), 'pixels');
      }
      await createGalleryItem(t.db.pool, user.id, jobs[0]!, { file_path: files[0], thumbnail_path: files[1] });
      await createGalleryItem(t.db.pool, user.id, jobs[1]!, { file_path: files[2], thumbnail_path: null });
      await createFolder(t.db.pool, user.id);
      await createFolder(t.db.pool, user.id);
      await createConfiguration(t.db.pool, user.id, workflow);
      await createFavorite(t.db.pool, user.id, workflow);
      await grantWorkflow(t.db.pool, user.id, workflow);
      const token = await t.login(user);
      const before = await owned(user);

      // gallery items and jobs are gone by the time the second folder's delete is refused
      const failing = await fail({ table: 'folders', on: 'DELETE', nthRow: 2 });
      const res = await t.request('DELETE', `/api/admin/users/${user.id}`, { token: admin });
      expect(res.status).toBe(500);
      expect(res.body).toEqual(INTERNAL);
      expect(await failing.rowsSeen()).toBe(2);
      expect(await owned(user)).toEqual(before);
      for (const file of files) expect(existsSync(mediaFile(file)), file).toBe(true);
      expect((await t.request('GET', '/api/session', { token })).status).toBe(200);

      await failing.remove();
      trigger = undefined;
      expect((await t.request('DELETE', `/api/admin/users/${user.id}`, { token: admin })).status).toBe(200);
      for (const file of files) expect(existsSync(mediaFile(file)), file).toBe(false);
    });
  });

  describe('slug workflow override diff', () => {
    const links = async (id: number) =>
      (await t.request<WorkflowOverride[]>('GET', `/api/workflows/${id}/overrides`, { token: admin })).body;

    it('keeps the old list when a write partway through the diff fails', async () => {
      const created = await t.request<{ id: number }>('POST', '/api/workflows', {
        token: admin,
        body: {
          name: 'Atomic diff',
          workflow_slug: 'atomic-diff',
          overrides: ['override_prompt', 'override_steps', 'override_width'].map((key) => ({
            override_definition_id: defs.get(key),
          })),
        },
      });
      expect(created.status).toBe(201);
      const before = await links(created.body.id);

      // the diff deletes prompt and steps, updates width, inserts cfg, then the second insert fails
      const failing = await fail({ table: 'workflow_overrides', on: 'INSERT', nthRow: 2 });
      const res = await t.request('PUT', `/api/workflows/${created.body.id}/overrides`, {
        token: admin,
        body: [
          { override_definition_id: defs.get('override_width'), default_value: 1024, is_required: true },
          { override_definition_id: defs.get('override_cfg') },
          { override_definition_id: defs.get('override_seed') },
        ],
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual(INTERNAL);
      expect(await failing.rowsSeen()).toBe(2);
      expect(await links(created.body.id)).toEqual(before);
    });

    it('saves name, settings, organisation and overrides in one request: all of it, or none of it', async () => {
      const created = await t.request<{ id: number }>('POST', '/api/workflows', {
        token: admin,
        body: {
          name: 'Whole save',
          workflow_slug: 'whole-save',
          overrides: [{ override_definition_id: defs.get('override_prompt') }],
        },
      });
      const url = `/api/workflows/${created.body.id}`;
      const detail = async () => (await t.request<Workflow>('GET', url, { token: admin })).body;
      const before = await detail();
      const edit = (overrides: object[]) => ({
        name: 'Renamed',
        workflow_slug: 'renamed-slug',
        category: 'General',
        tags: ['edited'],
        eok_provider: 'vast',
        seed_mode: 'fixed',
        overrides,
      });

      const refused = await t.request('PUT', url, {
        token: admin,
        body: edit([
          { override_definition_id: defs.get('override_prompt') },
          { override_definition_id: defs.get('override_width'), default_value: 1 },
        ]),
      });
      expect(refused.status).toBe(400);
      expect(await detail()).toEqual(before);

      const failing = await fail({ table: 'workflow_overrides', on: 'INSERT' });
      const failed = await t.request('PUT', url, {
        token: admin,
        body: edit([{ override_definition_id: defs.get('override_steps') }]),
      });
      expect(failed.status).toBe(500);
      expect(await failing.rowsSeen()).toBe(1);
      expect(await detail()).toEqual(before);

      await failing.remove();
      trigger = undefined;
      const saved = await t.request<Workflow>('PUT', url, {
        token: admin,
        body: edit([{ override_definition_id: defs.get('override_steps'), is_required: true }]),
      });
      expect(saved.status).toBe(200);
      expect(await detail()).toMatchObject({
        name: 'Renamed',
        workflow_slug: 'renamed-slug',
        category: 'General',
        tags: ['edited'],
        eok_provider: 'vast',
        seed_mode: 'fixed',
        override_count: 1,
        workflow_overrides: [{ override_key: 'override_steps', is_required: true }],
      });
      const json = await t.db.pool.query<{ id: number }>(
        `SELECT id FROM workflows WHERE workflow_type <> 'slug' LIMIT 1`,
      );
      const notSlug = await t.request<{ error: string }>('PUT', `/api/workflows/${json.rows[0]!.id}`, {
        token: admin,
        body: edit([{ override_definition_id: defs.get('override_steps') }]),
      });
      expect(notSlug.status).toBe(400);
      expect(notSlug.body.error).toBe('Only slug workflows are edited here');
    });

    it('creates no workflow when one of its override links cannot be written', async () => {
      const failing = await fail({ table: 'workflow_overrides', on: 'INSERT', nthRow: 3 });
      const res = await t.request('POST', '/api/workflows', {
        token: admin,
        body: {
          name: 'Half made',
          workflow_slug: 'half-made',
          overrides: ['override_prompt', 'override_steps', 'override_width'].map((key) => ({
            override_definition_id: defs.get(key),
          })),
        },
      });
      expect(res.status).toBe(500);
      expect(await failing.rowsSeen()).toBe(3);
      expect(await rows(`SELECT id FROM workflows WHERE name = 'Half made'`, [])).toEqual([]);
    });
  });

  describe('bulk gallery changes', () => {
    it('archives or moves none of the items when the update of one row in the middle fails', async () => {
      const user = await t.createUser();
      const token = await t.login(user);
      const job = await createJob(t.db.pool, user.id, null);
      const folder = await createFolder(t.db.pool, user.id, { name: 'Target' });
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await createGalleryItem(t.db.pool, user.id, job, { batch_index: i }));
      const state = () =>
        rows('SELECT id, status, archived_at, folder_id FROM gallery_items WHERE user_id = $1 ORDER BY id', [user.id]);
      const before = await state();

      const failing = await fail({ table: 'gallery_items', on: 'UPDATE', nthRow: 3 });
      const archive = await t.request('POST', '/api/gallery/bulk-archive', { token, body: { ids } });
      expect(archive.status).toBe(500);
      expect(archive.body).toEqual(INTERNAL);
      expect(await failing.rowsSeen()).toBe(3);
      const move = await t.request('POST', '/api/gallery/bulk-folder', { token, body: { ids, folder_path: 'Target' } });
      expect(move.status).toBe(500);
      expect(await state()).toEqual(before);

      await failing.remove();
      trigger = undefined;
      expect(
        (await t.request('POST', '/api/gallery/bulk-folder', { token, body: { ids, folder_path: 'Target' } })).body,
      ).toEqual({ updated: 5 });
      expect((await state()).every((r) => r.folder_id === folder)).toBe(true);
    });
  });
});
