import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Folder, GalleryFolder, GalleryItem } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

interface Fixture {
  job: string;
  workflow?: string;
  folder?: string | null;
  status?: 'active' | 'archived';
  createdAt: string;
  tags?: string[];
  video?: boolean;
}

describe('gallery API', () => {
  let t: TestApp;
  let me: TestUser;
  let token: string;
  let other: string;
  let otherUser: TestUser;
  const ids = new Map<string, number>();

  const insertItems = async (user: TestUser, fixtures: Fixture[]) => {
    const folders = new Map<string, number>();
    for (const f of fixtures) {
      if (f.folder && !folders.has(f.folder)) {
        const { rows } = await t.db.pool.query<{ id: number }>(
          `INSERT INTO folders (user_id, name) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
          [user.id, f.folder],
        );
        const id =
          rows[0]?.id ??
          (
            await t.db.pool.query<{ id: number }>('SELECT id FROM folders WHERE user_id = $1 AND name = $2', [
              user.id,
              f.folder,
            ])
          ).rows[0]!.id;
        folders.set(f.folder, id);
      }
    }
    const { rows: jobRows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO jobs (user_id, workflow_name, job_name, batch_size, status) VALUES ($1, 'wf', 'j', 1000, 'completed') RETURNING id`,
      [user.id],
    );
    for (const [i, f] of fixtures.entries()) {
      const { rows } = await t.db.pool.query<{ id: number }>(
        `INSERT INTO gallery_items (user_id, job_id, batch_index, file_path, thumbnail_path, media_type, job_name, workflow_name, folder_id, status, created_at, user_tags)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
        [
          user.id,
          jobRows[0]!.id,
          i + ids.size,
          `x/${i}.${f.video ? 'webm' : 'png'}`,
          `x/thumbs/${i}.webp`,
          f.video ? 'video' : 'image',
          f.job,
          f.workflow ?? 'Portrait',
          f.folder ? folders.get(f.folder) : null,
          f.status ?? 'active',
          f.createdAt,
          f.tags ?? [],
        ],
      );
      ids.set(`${user.username}:${f.job}`, rows[0]!.id);
    }
  };
  const list = async (query = '', as = token) =>
    (await t.request<GalleryItem[]>('GET', `/api/gallery${query}`, { token: as })).body;
  const names = async (query = '') => (await list(query)).map((i) => i.job_name);
  const count = async (query = '') =>
    (await t.request<{ count: number }>('GET', `/api/gallery/count${query}`, { token })).body.count;

  beforeAll(async () => {
    t = await startTestApp();
    me = await t.createUser({ username: 'me' });
    otherUser = await t.createUser({ username: 'them' });
    token = await t.login(me);
    other = await t.login(otherUser);
  });
  beforeEach(async () => {
    await t.db.pool.query('DELETE FROM gallery_items; DELETE FROM folders; DELETE FROM jobs');
    ids.clear();
    await insertItems(me, [
      { job: 'a-oldest', createdAt: '2026-11-01T10:00:00Z', folder: 'Keep', tags: ['hero', 'blue'] },
      { job: 'b', createdAt: '2026-11-10T23:30:00Z', folder: 'Keep', video: true },
      { job: 'c', createdAt: '2026-11-11T00:30:00Z', workflow: 'Landscape' },
      { job: 'd-archived', createdAt: '2026-11-12T12:00:00Z', status: 'archived', folder: 'Keep' },
      { job: 'e-newest', createdAt: '2026-11-20T08:00:00Z', folder: 'Later', tags: ['Fox'] },
    ]);
    await insertItems(otherUser, [{ job: 'theirs', createdAt: '2026-11-15T00:00:00Z', folder: 'Keep' }]);
  });
  afterAll(() => t.close());

  it("lists the caller's active items newest first, with signed URLs and folder names", async () => {
    const items = await list();
    expect(items.map((i) => i.job_name)).toEqual(['e-newest', 'c', 'b', 'a-oldest']);
    expect(items[0]).toMatchObject({ folder_path: 'Later', user_tags: ['Fox'], status: 'active' });
    expect(items.map((i) => i.created_at)).toEqual([
      '2026-11-20T08:00:00.000Z',
      ...items.slice(1).map((i) => new Date(i.created_at).toISOString()),
    ]);
    expect(items[2]!.file_path).toMatch(/^\/api\/media\/media\/x\/1\.webm\?exp=\d+&sig=/);
    expect(items[1]!.folder_path).toBeNull();
    expect(await count()).toBe(4);
  });

  it('dates items as UTC instants with milliseconds, as a JavaScript Date would print them', async () => {
    const id = ids.get('me:e-newest')!;
    await t.db.pool.query(`UPDATE gallery_items SET created_at = '2026-11-20T08:00:00.123987+02:00' WHERE id = $1`, [
      id,
    ]);
    expect((await list('?job_name=e-newest'))[0]!.created_at).toBe('2026-11-20T06:00:00.123Z');
    const archived = await t.request<GalleryItem>('POST', `/api/gallery/${id}/archive`, { token });
    expect(archived.body.created_at).toBe('2026-11-20T06:00:00.123Z');
  });

  it('filters: all, ungrouped, a named folder, status, job, workflow, search, dates', async () => {
    expect(await names('?folder=')).toEqual(['c']);
    expect(await names('?folder=keep')).toEqual(['b', 'a-oldest']);
    expect(await names('?folder=Nope')).toEqual([]);
    expect(await names('?status=archived')).toEqual(['d-archived']);
    expect(await names('?status=archived&folder=Keep')).toEqual(['d-archived']);
    const jobId = (await list())[0]!.job_id;
    expect(await names(`?job_id=${jobId}`)).toEqual(['e-newest', 'c', 'b', 'a-oldest']);
    expect(await names('?job_id=999999')).toEqual([]);
    for (const notAnId of ['0', '0x8', '1e0', ' 1', 'true'])
      expect((await t.request('GET', `/api/gallery?job_id=${notAnId}`, { token })).status, notAnId).toBe(400);
    expect(await names('?job_name=c')).toEqual(['c']);
    expect(await names('?workflow=Landscape')).toEqual(['c']);
    expect(await names('?search=fox')).toEqual(['e-newest']);
    expect(await names('?search=HERO')).toEqual(['a-oldest']);
    expect(await names('?search=landsc')).toEqual(['c']);
    // one field (or one tag) must hold the text: not the end of one field and the start of the next
    expect(await names('?search=c Landscape')).toEqual([]);
    expect(await names('?search=hero blue')).toEqual([]);
    expect(await count('?search=hero blue')).toBe(0);
    expect(await names('?dateFrom=2026-11-10&dateTo=2026-11-11')).toEqual(['c', 'b']);
    // the same days seen from UTC+2 (getTimezoneOffset -120): 23:30Z on the 10th is already the 11th there
    expect(await names('?dateFrom=2026-11-11&dateTo=2026-11-11&tz=-120')).toEqual(['c', 'b']);
    expect(await names('?dateFrom=2026-11-10&dateTo=2026-11-10&tz=-120')).toEqual([]);
    // a clock change inside the range: its end is midnight at the later offset (UTC+1 here), 23:00Z
    const acrossChange = '?dateFrom=2026-11-01&dateTo=2026-11-10&tz=0&tz_to=-60';
    expect(await names('?dateFrom=2026-11-01&dateTo=2026-11-10&tz=0')).toEqual(['b', 'a-oldest']);
    expect(await names(acrossChange)).toEqual(['a-oldest']);
    expect(await count(acrossChange)).toBe(1);
    const keep = (await t.request<GalleryFolder[]>('GET', `/api/folders${acrossChange}`, { token })).body;
    expect(keep.find((f) => f.name === 'Keep')).toMatchObject({ image_count: 1, video_count: 0 });
    expect((await t.request('GET', '/api/gallery?tz_to=900', { token })).status).toBe(400);
    expect(await names('?folder=Keep&dateFrom=2026-11-05&search=b')).toEqual(['b']);
    expect(await count('?folder=Keep&dateFrom=2026-11-05&search=b')).toBe(1);
    expect(await count('?folder=')).toBe(1);
    expect((await t.request('GET', '/api/gallery?status=deleted', { token })).status).toBe(400);
    expect((await t.request('GET', '/api/gallery?dateFrom=yesterday', { token })).status).toBe(400);
    // a range ending before it starts is refused, not answered as an empty gallery
    for (const path of ['/api/gallery', '/api/gallery/count', '/api/folders']) {
      const reversed = await t.request('GET', `${path}?dateFrom=2026-11-11&dateTo=2026-11-10`, { token });
      expect(reversed.status, path).toBe(400);
      expect(reversed.body, path).toMatchObject({ error: 'dateFrom must not be after dateTo' });
    }
    expect((await t.request('GET', '/api/gallery?limit=101', { token })).status).toBe(400);
  });

  it('pages by offset and by cursor alike, the cursor in X-Next-Cursor', async () => {
    const page1 = await t.request<GalleryItem[]>('GET', '/api/gallery?limit=2', { token });
    const cursor = page1.headers.get('x-next-cursor');
    expect(page1.body.map((i) => i.job_name)).toEqual(['e-newest', 'c']);
    expect(cursor).toBeTruthy();
    const byCursor = await t.request<GalleryItem[]>('GET', `/api/gallery?limit=2&cursor=${cursor}`, { token });
    expect(byCursor.body.map((i) => i.job_name)).toEqual(['b', 'a-oldest']);
    expect(await names('?limit=2&offset=2')).toEqual(['b', 'a-oldest']);
    const end = await t.request<GalleryItem[]>(
      'GET',
      `/api/gallery?limit=2&cursor=${byCursor.headers.get('x-next-cursor')}`,
      { token },
    );
    expect(end.body).toEqual([]);
    expect((await t.request('GET', '/api/gallery?cursor=garbage', { token })).body).toEqual({
      error: 'Invalid cursor',
    });
  });

  it('summarises folders with image and video counts and previews, under the filters', async () => {
    const folders = (await t.request<GalleryFolder[]>('GET', '/api/folders', { token })).body;
    expect(folders.map((f) => [f.name, f.image_count, f.video_count, f.preview_images.length])).toEqual([
      ['Keep', 1, 1, 2],
      ['Later', 1, 0, 1],
    ]);
    const archived = (await t.request<GalleryFolder[]>('GET', '/api/folders?status=archived', { token })).body;
    expect(archived.map((f) => [f.name, f.image_count])).toEqual([
      ['Keep', 1],
      ['Later', 0],
    ]);
    const dated = (await t.request<GalleryFolder[]>('GET', '/api/folders?dateFrom=2026-11-05', { token })).body;
    expect(dated.map((f) => [f.name, f.image_count, f.video_count])).toEqual([
      ['Keep', 0, 1],
      ['Later', 1, 0],
    ]);
  });

  it('archives and restores an item', async () => {
    const id = ids.get('me:c')!;
    expect((await t.request<GalleryItem>('POST', `/api/gallery/${id}/archive`, { token })).body.status).toBe(
      'archived',
    );
    expect(await names()).not.toContain('c');
    expect(await names('?status=archived')).toContain('c');
    expect((await t.request<GalleryItem>('POST', `/api/gallery/${id}/unarchive`, { token })).body.status).toBe(
      'active',
    );
    expect(await names()).toContain('c');
  });

  it('moves an item into a folder and out again; an unknown folder is refused', async () => {
    const id = ids.get('me:c')!;
    expect(
      (await t.request<GalleryItem>('PUT', `/api/gallery/${id}/folder`, { token, body: { folder_path: 'later' } })).body
        .folder_path,
    ).toBe('Later');
    expect(
      (await t.request<GalleryItem>('PUT', `/api/gallery/${id}/folder`, { token, body: { folder_path: '' } })).body
        .folder_path,
    ).toBeNull();
    expect(
      (await t.request<GalleryItem>('PUT', `/api/gallery/${id}/folder`, { token, body: { folder_path: null } })).body
        .folder_path,
    ).toBeNull();
    const unknown = await t.request('PUT', `/api/gallery/${id}/folder`, { token, body: { folder_path: 'Nowhere' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Unknown folder: Nowhere' });
  });

  it('finds a folder named with a combining accent under its composed name, in a move and in a filter', async () => {
    const created = await t.request('POST', '/api/folders', { token, body: { name: 'Caf\u00e9' } });
    expect(created.status).toBe(201);
    const decomposed = 'Cafe\u0301';
    const id = ids.get('me:c')!;
    const moved = await t.request<GalleryItem>('PUT', `/api/gallery/${id}/folder`, {
      token,
      body: { folder_path: decomposed },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.folder_path).toBe('Caf\u00e9');
    const bulk = await t.request('POST', '/api/gallery/bulk-folder', {
      token,
      body: { ids: [ids.get('me:e-newest')!], folder_path: decomposed },
    });
    expect(bulk.status).toBe(200);
    const filter = `?folder=${encodeURIComponent(decomposed)}`;
    expect(await names(filter)).toEqual(['e-newest', 'c']);
    expect(await count(filter)).toBe(2);
  });

  it('finds job names and tags, kept composed, by a search or a job name typed with combining accents', async () => {
    await insertItems(me, [
      { job: 'Caf\u00e9 terrace', createdAt: '2026-11-21T08:00:00Z', folder: 'Keep', tags: ['cr\u00e8me'] },
    ]);
    const query = (field: string, text: string) => `?${field}=${encodeURIComponent(text)}`;
    expect(await names(query('search', 'cafe\u0301'))).toEqual(['Caf\u00e9 terrace']);
    expect(await names(query('search', 'cre\u0300me'))).toEqual(['Caf\u00e9 terrace']);
    expect(await count(query('search', 'cre\u0300me'))).toBe(1);
    expect(await names(query('job_name', 'Cafe\u0301 terrace'))).toEqual(['Caf\u00e9 terrace']);
    const folders = await t.request<GalleryFolder[]>('GET', `/api/folders${query('job_name', 'Cafe\u0301 terrace')}`, {
      token,
    });
    expect(folders.body.map((f) => [f.name, f.image_count])).toEqual([
      ['Keep', 1],
      ['Later', 0],
    ]);
  });

  it('refuses a move that leaves out folder_path, instead of taking the items out of their folder', async () => {
    const id = ids.get('me:c')!;
    await t.request('PUT', `/api/gallery/${id}/folder`, { token, body: { folder_path: 'Later' } });
    const required = 'folder_path is required: a folder name, or null to take the item out of its folder';
    for (const body of [{}, { folder: 'Later' }, undefined]) {
      const res = await t.request('PUT', `/api/gallery/${id}/folder`, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: required });
    }
    const bulk = await t.request('POST', '/api/gallery/bulk-folder', { token, body: { ids: [id] } });
    expect(bulk.status).toBe(400);
    expect(bulk.body).toMatchObject({ error: required });
    const wrongType = await t.request('PUT', `/api/gallery/${id}/folder`, { token, body: { folder_path: 7 } });
    expect(wrongType.body).toMatchObject({ error: 'folder_path must be a folder name or null' });
    expect((await list('?folder=Later')).map((i) => i.id)).toContain(id);
  });

  it('sets user tags trimmed, without blanks or duplicates', async () => {
    const id = ids.get('me:c')!;
    const res = await t.request<GalleryItem>('PUT', `/api/gallery/${id}/tags`, {
      token,
      body: { user_tags: [' red ', '', 'Red', 'sky'] },
    });
    expect(res.body.user_tags).toEqual(['red', 'sky']);
    // the limits hold for the tags as stored: 50 characters once trimmed, 30 once repeats are dropped
    const long = 't'.repeat(50);
    const trimmed = await t.request<GalleryItem>('PUT', `/api/gallery/${id}/tags`, {
      token,
      body: { user_tags: [`  ${long}  `, ...Array.from({ length: 30 }, () => 'again')] },
    });
    expect([trimmed.status, trimmed.body.user_tags]).toEqual([200, [long, 'again']]);
    const tooLong = await t.request('PUT', `/api/gallery/${id}/tags`, { token, body: { user_tags: [`${long}t`] } });
    expect([tooLong.status, tooLong.body]).toEqual([
      400,
      expect.objectContaining({ error: 'A tag is at most 50 characters' }),
    ]);
    const tooMany = Array.from({ length: 31 }, (_, i) => `tag ${i}`);
    const many = await t.request('PUT', `/api/gallery/${id}/tags`, { token, body: { user_tags: tooMany } });
    expect([many.status, many.body]).toEqual([400, expect.objectContaining({ error: 'At most 30 tags' })]);
    expect((await t.request('PUT', `/api/gallery/${id}/tags`, { token, body: { user_tags: 'red' } })).status).toBe(400);
  });

  it('measures a tag as it is kept: composed and without hidden characters, not as sent', async () => {
    const id = ids.get('me:c')!;
    // 30 letters typed with combining accents (60 code points sent) are 30 composed letters kept
    const accented = 'e\u0301'.repeat(30);
    const padded = `sun${'\u200b'.repeat(60)}`;
    const kept = await t.request<GalleryItem>('PUT', `/api/gallery/${id}/tags`, {
      token,
      body: { user_tags: [accented, padded] },
    });
    expect([kept.status, kept.body.user_tags]).toEqual([200, ['\u00e9'.repeat(30), 'sun']]);
    // one that composition makes longer (U+0958 is kept as two code points) is refused as kept
    const grown = await t.request('PUT', `/api/gallery/${id}/tags`, {
      token,
      body: { user_tags: ['\u0958'.repeat(30)] },
    });
    expect([grown.status, grown.body]).toEqual([
      400,
      expect.objectContaining({ error: 'A tag is at most 50 characters' }),
    ]);
  });

  it('refuses a folder name of characters that draw nothing though they are letters or symbols', async () => {
    const hidden = 'Folder name must not contain control or invisible characters';
    // Hangul fillers, the blank Braille cell, a variation selector: a blank tile and hotkey label
    for (const name of ['\u3164', '\uffa0\u3164', '\u2800', '\u115f\u1160', '\ufe0f']) {
      const created = await t.request<{ error: string }>('POST', '/api/folders', { token, body: { name } });
      expect([created.status, created.body.error], JSON.stringify(name)).toEqual([400, hidden]);
    }
    const shown = await t.request<Folder>('POST', '/api/folders', { token, body: { name: '\u2764\ufe0f \u3164Love' } });
    expect([shown.status, shown.body.name]).toEqual([201, '\u2764\ufe0f \u3164Love']);
    const renamed = await t.request<{ error: string }>('PUT', `/api/folders/${shown.body.id}`, {
      token,
      body: { name: '\u3164' },
    });
    expect([renamed.status, renamed.body.error]).toEqual([400, hidden]);
    expect((await t.request('DELETE', `/api/folders/${shown.body.id}`, { token })).status).toBe(200);
  });

  it('applies bulk archive and move atomically: one foreign or missing id changes nothing', async () => {
    const mine = [ids.get('me:a-oldest')!, ids.get('me:b')!, ids.get('me:c')!];
    const theirs = ids.get('them:theirs')!;
    const bad = await t.request<{ error: string }>('POST', '/api/gallery/bulk-archive', {
      token,
      body: { ids: [...mine, theirs] },
    });
    expect(bad.status).toBe(404);
    expect(bad.body.error).toContain('nothing was changed');
    expect(await count()).toBe(4);
    expect(
      (
        await t.request('POST', '/api/gallery/bulk-folder', {
          token,
          body: { ids: [...mine, 999999], folder_path: 'Later' },
        })
      ).status,
    ).toBe(404);
    expect(await names('?folder=Later')).toEqual(['e-newest']);

    expect(
      (await t.request('POST', '/api/gallery/bulk-folder', { token, body: { ids: mine, folder_path: 'Later' } })).body,
    ).toEqual({ updated: 3 });
    expect(await names('?folder=Later')).toEqual(['e-newest', 'c', 'b', 'a-oldest']);
    expect((await t.request('POST', '/api/gallery/bulk-archive', { token, body: { ids: mine } })).body).toEqual({
      updated: 3,
    });
    expect(await names()).toEqual(['e-newest']);
    expect((await t.request('POST', '/api/gallery/bulk-unarchive', { token, body: { ids: mine } })).body).toEqual({
      updated: 3,
    });
    expect((await t.request('POST', '/api/gallery/bulk-archive', { token, body: { ids: [] } })).status).toBe(400);
    const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect(
      (await t.request<{ error: string }>('POST', '/api/gallery/bulk-archive', { token, body: { ids: tooMany } })).body
        .error,
    ).toBe('At most 1000 items at once');
  });

  it("answers 404 for another user's item or folder", async () => {
    const theirs = ids.get('them:theirs')!;
    for (const [method, path, body] of [
      ['POST', `/api/gallery/${theirs}/archive`, undefined],
      ['POST', `/api/gallery/${theirs}/unarchive`, undefined],
      ['PUT', `/api/gallery/${theirs}/folder`, { folder_path: '' }],
      // not a folder of the caller either: the item is not found before the folder is refused
      ['PUT', `/api/gallery/${theirs}/folder`, { folder_path: 'Nowhere' }],
      ['POST', '/api/gallery/bulk-folder', { ids: [theirs], folder_path: 'Nowhere' }],
      ['PUT', `/api/gallery/${theirs}/tags`, { user_tags: ['x'] }],
    ] as const) {
      expect((await t.request(method, path, { token, body })).status, path).toBe(404);
    }
    const theirFolder = (await t.request<GalleryFolder[]>('GET', '/api/folders', { token: other })).body[0]!;
    expect((await t.request('PUT', `/api/folders/${theirFolder.id}`, { token, body: { name: 'Mine' } })).status).toBe(
      404,
    );
    expect((await t.request('DELETE', `/api/folders/${theirFolder.id}`, { token })).status).toBe(404);
    expect((await list('', other)).map((i) => i.job_name)).toEqual(['theirs']);
  });

  it("manages the caller's folders with the gallery folder rules", async () => {
    const created = await t.request<{ id: number; hotkey: string; color: string }>('POST', '/api/folders', {
      token,
      body: { name: ' Best ', hotkey: 'B' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ hotkey: 'b', color: '#3B82F6' });
    expect((await t.request<{ error: string }>('POST', '/api/folders', { token, body: { name: 'best' } })).status).toBe(
      400,
    );
    expect(
      (await t.request<{ error: string }>('POST', '/api/folders', { token, body: { name: 'Other', hotkey: 'b' } }))
        .status,
    ).toBe(400);
    expect(
      (await t.request<{ error: string }>('POST', '/api/folders', { token, body: { name: '  ' } })).body.error,
    ).toBe('Folder name is required');
    expect((await t.request('POST', '/api/folders', { token, body: { name: 'x', hotkey: '0' } })).status).toBe(400);
    expect((await t.request('POST', '/api/folders', { token, body: { name: 'x'.repeat(51) } })).status).toBe(400);
    // a name that shows nothing, or carries a terminal escape
    for (const name of ['\u200b', ' \u200b\u2060 ', 'a\u001b[31mred', 'two\nlines']) {
      const hidden = await t.request<{ error: string }>('POST', '/api/folders', { token, body: { name } });
      expect([hidden.status, hidden.body.error], JSON.stringify(name)).toEqual([
        400,
        'Folder name must not contain control or invisible characters',
      ]);
    }
    const keep = (await t.request<GalleryFolder[]>('GET', '/api/folders', { token })).body.find(
      (f) => f.name === 'Keep',
    )!;
    const removed = await t.request('DELETE', `/api/folders/${keep.id}`, { token });
    expect(removed.body).toMatchObject({ images_unfoldered: 3 });
    expect(await names('?folder=')).toEqual(['c', 'b', 'a-oldest']);
  });

  describe('at the same time', () => {
    const myIds = () => [...ids.entries()].filter(([k]) => k.startsWith('me:')).map(([, id]) => id);

    it('runs bulk calls over overlapping items one after the other, none failing', async () => {
      await insertItems(
        me,
        Array.from({ length: 60 }, (_, i) => ({ job: `many-${i}`, createdAt: '2026-11-21T10:00:00Z' })),
      );
      const all = myIds();
      // each call takes the items in another order, overlapping every other call
      const calls = Array.from({ length: 24 }, (_, i) => {
        const picked = all
          .filter((_, j) => (j * 7 + i) % 3 !== 0)
          .sort((a, b) => ((a * (i + 3)) % 17) - ((b * (i + 3)) % 17));
        const path = ['/api/gallery/bulk-archive', '/api/gallery/bulk-unarchive', '/api/gallery/bulk-folder'][i % 3]!;
        const body = i % 3 === 2 ? { ids: picked, folder_path: i % 2 ? 'Keep' : '' } : { ids: picked };
        return t.request('POST', path, { token, body });
      });
      const statuses = (await Promise.all(calls)).map((r) => r.status);
      expect(statuses).toEqual(statuses.map(() => 200));
      // the counters the triggers keep still agree with the items
      const counted = await count('?status=active');
      const { rows } = await t.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM gallery_items WHERE user_id = $1 AND status = 'active'`,
        [me.id],
      );
      expect(counted).toBe(rows[0]!.n);
    });

    it('moves into a folder being deleted either before the delete or not at all (400), never failing', async () => {
      const mine = myIds();
      await t.request('POST', '/api/gallery/bulk-folder', { token, body: { ids: mine, folder_path: '' } });
      for (let round = 0; round < 12; round++) {
        const name = `Doomed ${round}`;
        const folder = await t.request<{ id: number }>('POST', '/api/folders', { token, body: { name } });
        const [moved, deleted] = await Promise.all([
          t.request<{ error?: string }>('POST', '/api/gallery/bulk-folder', {
            token,
            body: { ids: mine, folder_path: name },
          }),
          t.request('DELETE', `/api/folders/${folder.body.id}`, { token }),
        ]);
        expect(deleted.status).toBe(200);
        if (moved.status === 400) expect(moved.body.error).toBe(`Unknown folder: ${name}`);
        else expect(moved.status).toBe(200);
        // whichever came first, the items are left in no folder
        expect(await count('?folder=')).toBe(4);
      }
    });
  });
});
