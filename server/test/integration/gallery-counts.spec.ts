import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryFolder, GalleryItem } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

/**
 * The gallery's totals and folder tiles are read from counters kept by triggers. After every kind
 * of write, what the API answers must equal a count of the items themselves.
 */
describe('gallery counters', () => {
  let t: TestApp;
  let me: TestUser;
  let token: string;
  let jobId: number;
  let nextIndex = 0;

  const folderId = async (name: string) => {
    const res = await t.request<GalleryFolder[]>('GET', '/api/folders', { token });
    return res.body.find((f) => f.name === name)!.id;
  };

  /** `n` items of a job, `videos` of them videos, in the folder (by id) or none. */
  const insert = async (userId: number, job: number, n: number, folder: number | null, videos = 0) => {
    const rows = Array.from({ length: n }, (_, i) => {
      const index = nextIndex++;
      return `(${userId}, ${job}, ${index}, 'x/${index}.${i < videos ? 'mp4' : 'png'}', 'x/t/${index}.webp',
               '${i < videos ? 'video' : 'image'}', 'job', 'wf', ${folder ?? 'NULL'})`;
    });
    await t.db.pool.query(
      `INSERT INTO gallery_items (user_id, job_id, batch_index, file_path, thumbnail_path, media_type, job_name, workflow_name, folder_id)
       VALUES ${rows.join(', ')}`,
    );
  };

  const apiCount = async (query: string) =>
    (await t.request<{ count: number }>('GET', `/api/gallery/count${query}`, { token })).body.count;

  /** Every count the API gives from counters, beside the same count of the rows. */
  const expectCountsTrue = async () => {
    const folders = (await t.request<GalleryFolder[]>('GET', '/api/folders', { token })).body;
    for (const status of ['active', 'archived']) {
      const queries: Array<[string, string, unknown[]]> = [
        [`?status=${status}`, '', []],
        [`?status=${status}&folder=`, 'AND folder_id IS NULL', []],
        ...folders.map((f): [string, string, unknown[]] => [
          `?status=${status}&folder=${encodeURIComponent(f.name.toUpperCase())}`,
          'AND folder_id = $3',
          [f.id],
        ]),
      ];
      for (const [query, condition, params] of queries) {
        const { rows } = await t.db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM gallery_items WHERE user_id = $1 AND status = $2 ${condition}`,
          [me.id, status, ...params],
        );
        expect(await apiCount(query), query).toBe(rows[0]!.n);
      }
    }
    for (const f of folders) {
      const { rows } = await t.db.pool.query<{ image: number; video: number }>(
        `SELECT count(*) FILTER (WHERE media_type = 'image')::int AS image, count(*) FILTER (WHERE media_type = 'video')::int AS video
           FROM gallery_items WHERE folder_id = $1 AND status = 'active'`,
        [f.id],
      );
      expect({ name: f.name, image: f.image_count, video: f.video_count }).toEqual({ name: f.name, ...rows[0] });
    }
    const zeros = await t.db.pool.query('SELECT * FROM gallery_counts WHERE n <= 0');
    expect(zeros.rows).toEqual([]);
  };

  const ids = async (query: string) =>
    (await t.request<GalleryItem[]>('GET', `/api/gallery${query}`, { token })).body.map((i) => i.id);

  beforeAll(async () => {
    t = await startTestApp();
    me = await t.createUser({ username: 'counted' });
    token = await t.login(me);
    for (const name of ['Keep', 'Later']) {
      const res = await t.request('POST', '/api/folders', { token, body: { name } });
      expect(res.status).toBe(201);
    }
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO jobs (user_id, workflow_name, job_name, batch_size, status) VALUES ($1, 'wf', 'job', 1000, 'completed') RETURNING id`,
      [me.id],
    );
    jobId = rows[0]!.id;
  });
  afterAll(() => t.close());

  it('count inserted items, including a multi-row insert and ignored duplicates', async () => {
    await insert(me.id, jobId, 6, null, 1);
    await insert(me.id, jobId, 5, await folderId('Keep'), 2);
    await insert(me.id, jobId, 3, await folderId('Later'));
    // the worker's insert: a retried item hits the unique key and adds nothing
    await t.db.pool.query(
      `INSERT INTO gallery_items (user_id, job_id, batch_index, file_path, media_type, job_name, workflow_name)
       VALUES ($1, $2, 0, 'dup.png', 'image', 'job', 'wf') ON CONFLICT DO NOTHING`,
      [me.id, jobId],
    );
    expect(await apiCount('')).toBe(14);
    expect(await apiCount('?folder=keep')).toBe(5);
    await expectCountsTrue();
  });

  it('follow archive, unarchive, bulk archive and tag edits', async () => {
    const [first, second, third] = await ids('?folder=Keep');
    expect((await t.request('POST', `/api/gallery/${first}/archive`, { token })).status).toBe(200);
    await expectCountsTrue();
    expect(
      (await t.request('POST', '/api/gallery/bulk-archive', { token, body: { ids: [second, third] } })).status,
    ).toBe(200);
    expect(await apiCount('?status=archived&folder=Keep')).toBe(3);
    await expectCountsTrue();
    expect((await t.request('POST', `/api/gallery/${second}/unarchive`, { token })).status).toBe(200);
    expect((await t.request('PUT', `/api/gallery/${third}/tags`, { token, body: { user_tags: ['x'] } })).status).toBe(
      200,
    );
    await expectCountsTrue();
  });

  it('follow moves between folders, and a failed bulk move changes nothing', async () => {
    const ungrouped = await ids('?folder=');
    const moved = await t.request('POST', '/api/gallery/bulk-folder', {
      token,
      body: { ids: ungrouped.slice(0, 4), folder_path: 'Later' },
    });
    expect(moved.status).toBe(200);
    expect(await apiCount('?folder=Later')).toBe(7);
    const refused = await t.request('POST', '/api/gallery/bulk-folder', {
      token,
      body: { ids: [...ungrouped.slice(4), 2_000_000_000], folder_path: 'Keep' },
    });
    expect(refused.status).toBe(404);
    await expectCountsTrue();
    const [one] = await ids('?folder=Later');
    expect((await t.request('PUT', `/api/gallery/${one}/folder`, { token, body: { folder_path: '' } })).status).toBe(
      200,
    );
    await expectCountsTrue();
  });

  it('follow a deleted folder (its items un-foldered) and deleted jobs and users', async () => {
    const later = await folderId('Later');
    const before = await apiCount('?folder=');
    const inLater = await apiCount('?folder=Later');
    expect((await t.request('DELETE', `/api/folders/${later}`, { token })).status).toBe(200);
    expect(await apiCount('?folder=')).toBe(before + inLater);
    await expectCountsTrue();

    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO jobs (user_id, workflow_name, job_name, batch_size, status) VALUES ($1, 'wf', 'gone', 10, 'completed') RETURNING id`,
      [me.id],
    );
    await insert(me.id, rows[0]!.id, 4, await folderId('Keep'), 1);
    const total = await apiCount('');
    await t.db.pool.query('DELETE FROM jobs WHERE id = $1', [rows[0]!.id]);
    expect(await apiCount('')).toBe(total - 4);
    await expectCountsTrue();

    const leaving = await t.createUser({ username: 'leaving' });
    await insert(
      leaving.id,
      (
        await t.db.pool.query<{ id: number }>(
          `INSERT INTO jobs (user_id, workflow_name, batch_size) VALUES ($1, 'wf', 3) RETURNING id`,
          [leaving.id],
        )
      ).rows[0]!.id,
      3,
      null,
    );
    const counted = await t.db.pool.query('SELECT sum(n)::int AS n FROM gallery_counts WHERE user_id = $1', [
      leaving.id,
    ]);
    expect(counted.rows[0]).toEqual({ n: 3 });
    await t.db.pool.query('DELETE FROM users WHERE id = $1', [leaving.id]);
    const left = await t.db.pool.query('SELECT * FROM gallery_counts WHERE user_id = $1', [leaving.id]);
    expect(left.rows).toEqual([]);
  });

  it('still count the items themselves when a filter the counters cannot answer is given', async () => {
    await t.db.pool.query(
      `UPDATE gallery_items SET job_name = 'special' WHERE id = (SELECT min(id) FROM gallery_items WHERE user_id = $1 AND status = 'active')`,
      [me.id],
    );
    expect(await apiCount('?search=special')).toBe(1);
    expect(await apiCount('?search=special&status=archived')).toBe(0);
    expect(await apiCount('?dateFrom=2000-01-01')).toBe(await apiCount(''));
    await expectCountsTrue();
  });
});
