import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder, FolderDeleteResponse } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createFolder, createGalleryItem, createJob } from '../support/factories.js';
import { FoldersRepository } from '../../src/folders/folders.repository.js';

type Answer<T> = T & { error?: string };

describe('per-user folders (admin)', () => {
  let t: TestApp;
  let token: string;
  let superToken: string;

  const base = (userId: number | string) => `/api/admin/users/${userId}/folders`;
  const create = (userId: number | string, body: unknown, as = token) =>
    t.request<Answer<Folder>>('POST', base(userId), { token: as, body });
  const update = (userId: number | string, folderId: number | string, body: unknown, as = token) =>
    t.request<Answer<Folder>>('PUT', `${base(userId)}/${folderId}`, { token: as, body });
  const remove = (userId: number | string, folderId: number | string, as = token) =>
    t.request<Answer<FolderDeleteResponse>>('DELETE', `${base(userId)}/${folderId}`, { token: as });

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.login(await t.createUser({ role: 'admin' }));
    superToken = await t.login(await t.createUser({ role: 'super_admin' }));
  });
  afterAll(() => t.close());

  it("creates, lists and edits a user's folders: name trimmed, hotkey lower-cased, colour defaulted", async () => {
    const user = await t.createUser();
    const created = await create(user.id, { name: '  Keepers ', hotkey: 'K' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Keepers',
      hotkey: 'k',
      color: '#3B82F6',
      created_at: expect.any(String),
    });
    await create(user.id, { name: 'Archive', hotkey: '', color: '#ef4444' });

    const listed = await t.request<Folder[]>('GET', base(user.id), { token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((f) => [f.name, f.hotkey, f.color])).toEqual([
      ['Archive', null, '#ef4444'],
      ['Keepers', 'k', '#3B82F6'],
    ]);

    const edited = await update(user.id, created.body.id, { name: 'Best', hotkey: '7', color: '#22C55E' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: created.body.id, name: 'Best', hotkey: '7', color: '#22C55E' });
    // keeping its own name and hotkey is no clash
    expect((await update(user.id, created.body.id, { name: 'BEST', hotkey: '7' })).status).toBe(200);
  });

  it("lists a user's folders in the order their gallery shows them, whatever the letter case", async () => {
    const user = await t.createUser();
    for (const name of ['cherry', 'Banana', 'apple', 'Zebra']) await create(user.id, { name });
    const admin = (await t.request<Folder[]>('GET', base(user.id), { token })).body.map((f) => f.name);
    const gallery = (await t.request<Folder[]>('GET', '/api/folders', { token: await t.login(user) })).body;
    expect(admin).toEqual(['apple', 'Banana', 'cherry', 'Zebra']);
    expect(gallery.map((f) => f.name)).toEqual(admin);
  });

  it('keeps the hotkey and colour a change leaves out; null removes the hotkey and resets the colour', async () => {
    const user = await t.createUser();
    const own = await t.login(user);
    const folder = (await create(user.id, { name: 'Walls', hotkey: 'w', color: '#8B5CF6' })).body;
    const renamed = await update(user.id, folder.id, { name: 'Wallpapers' });
    expect(renamed.body).toMatchObject({ name: 'Wallpapers', hotkey: 'w', color: '#8B5CF6' });
    // the user's own folder manager route takes the same rule
    const mine = await t.request<Folder>('PUT', `/api/folders/${folder.id}`, { token: own, body: { name: 'Walls 2' } });
    expect(mine.body).toMatchObject({ name: 'Walls 2', hotkey: 'w', color: '#8B5CF6' });
    const cleared = await update(user.id, folder.id, { name: 'Walls 2', hotkey: null, color: null });
    expect(cleared.body).toMatchObject({ hotkey: null, color: '#3B82F6' });
    // a kept hotkey is still checked against the others
    const other = (await create(user.id, { name: 'Other', hotkey: 'q' })).body;
    await update(user.id, folder.id, { name: 'Walls 2', hotkey: 'w' });
    const clash = await update(user.id, other.id, { name: 'Other', hotkey: 'W' });
    expect(clash.status).toBe(400);
    expect(clash.body.error).toBe('Hotkey W is already used by another folder');
  });

  it('refuses a blank or long name, a bad hotkey or colour, with the message', async () => {
    const user = await t.createUser();
    for (const body of [{}, { name: '   ' }, { name: null }]) {
      const res = await create(user.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Folder name is required');
    }
    expect((await create(user.id, { name: 'x'.repeat(51) })).body.error).toBe(
      'Folder name must be at most 50 characters',
    );
    expect((await create(user.id, { name: 'x', hotkey: '0' })).body.error).toBe(
      'Hotkey must be a single digit 1-9 or letter a-z',
    );
    expect((await create(user.id, { name: 'x', hotkey: 'ab' })).status).toBe(400);
    expect((await create(user.id, { name: 'x', color: 'blue' })).body.error).toBe(
      'Colour must be a hex value such as #3B82F6',
    );
    expect((await create(user.id, { name: 'x'.repeat(50) })).status).toBe(201);
  });

  it('counts the 50 characters of a name as a reader does: a flag or an emoji with a skin tone is one', async () => {
    const user = await t.createUser();
    const flags = '\u{1f1eb}\u{1f1f7}'.repeat(50);
    const created = await create(user.id, { name: flags });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(flags);
    const renamed = await update(user.id, created.body.id, { name: '\u{1f44d}\u{1f3fd}'.repeat(50) });
    expect(renamed.status).toBe(200);
    expect((await create(user.id, { name: '\u{1f44d}\u{1f3fd}'.repeat(51) })).body.error).toBe(
      'Folder name must be at most 50 characters',
    );
    // however it is made, one character cannot make a name of any size
    expect((await create(user.id, { name: `e${'\u0301'.repeat(600)}` })).body.error).toBe(
      'Folder name must be at most 50 characters',
    );
    // the gallery finds it and moves to it by that name
    const item = await createGalleryItem(t.db.pool, user.id, await createJob(t.db.pool, user.id, null));
    const owner = await t.login(user);
    const moved = await t.request<Answer<{ folder_path: string }>>('PUT', `/api/gallery/${item}/folder`, {
      token: owner,
      body: { folder_path: renamed.body.name },
    });
    expect(moved.body.folder_path).toBe(renamed.body.name);
    const listed = await t.request<unknown[]>('GET', `/api/gallery?folder=${encodeURIComponent(renamed.body.name)}`, {
      token: owner,
    });
    expect(listed.body).toHaveLength(1);
  });

  it('takes a folder name typed with a combining accent as the same name as its composed spelling', async () => {
    const user = await t.createUser();
    const first = await create(user.id, { name: 'Cafe\u0301' });
    expect(first.body.name).toBe('Caf\u00e9');
    const again = await create(user.id, { name: 'CAF\u00c9' });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('A folder with this name already exists');
  });

  it('keeps names and hotkeys unique per user, regardless of case, but not across users', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    await create(user.id, { name: 'Portraits', hotkey: 'p' });
    const second = await create(user.id, { name: 'Landscapes', hotkey: 'l' });

    const sameName = await create(user.id, { name: 'PORTRAITS' });
    expect(sameName.status).toBe(400);
    expect(sameName.body.error).toBe('A folder with this name already exists');
    const sameHotkey = await create(user.id, { name: 'Other', hotkey: 'P' });
    expect(sameHotkey.status).toBe(400);
    expect(sameHotkey.body.error).toBe('Hotkey P is already used by another folder');
    expect((await update(user.id, second.body.id, { name: 'portraits' })).status).toBe(400);
    expect((await update(user.id, second.body.id, { name: 'Landscapes', hotkey: 'p' })).status).toBe(400);

    expect((await create(other.id, { name: 'Portraits', hotkey: 'p' })).status).toBe(201);
  });

  it('deletes a folder, un-foldering its media and answering how many', async () => {
    const user = await t.createUser();
    const folder = (await create(user.id, { name: 'Doomed' })).body.id;
    const kept = await createFolder(t.db.pool, user.id, { name: 'Kept' });
    const job = await createJob(t.db.pool, user.id, null);
    const items = [
      await createGalleryItem(t.db.pool, user.id, job, { batch_index: 0, folder_id: folder }),
      await createGalleryItem(t.db.pool, user.id, job, { batch_index: 1, folder_id: folder }),
      await createGalleryItem(t.db.pool, user.id, job, { batch_index: 2, folder_id: kept }),
    ];

    const res = await remove(user.id, folder);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Folder "Doomed" deleted', images_unfoldered: 2 });
    const { rows } = await t.db.pool.query('SELECT id, folder_id FROM gallery_items WHERE id = ANY($1) ORDER BY id', [
      items,
    ]);
    expect(rows.map((r) => r.folder_id)).toEqual([null, null, kept]);
    expect((await remove(user.id, folder)).status).toBe(404);
    expect((await remove(user.id, kept)).body).toMatchObject({ images_unfoldered: 1 });
  });

  it('a rename that finds its folder deleted meanwhile changes nothing and says so', async () => {
    const user = await t.createUser();
    const created = await create(user.id, { name: 'Short-lived' });
    const folders = t.app.get(FoldersRepository);
    // read by the rename, then deleted by another request before the rename writes
    const read = await folders.findOwned(user.id, created.body.id);
    expect((await remove(user.id, created.body.id)).status).toBe(200);

    expect(await folders.update(read!, { name: 'Renamed', hotkey: null, color: '#10B981' })).toBeNull();
    const { rows } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows[0]!.n).toBe(0);
    const again = await update(user.id, created.body.id, { name: 'Renamed' });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Folder not found');
  });

  it("answers 404 for another user's folder or an unknown user, 400 for bad ids", async () => {
    const owner = await t.createUser();
    const intruder = await t.createUser();
    const folder = await createFolder(t.db.pool, owner.id, { name: 'Mine' });
    const viaOther = await update(intruder.id, folder, { name: 'Taken' });
    expect(viaOther.status).toBe(404);
    expect(viaOther.body.error).toBe('Folder not found');
    expect((await remove(intruder.id, folder)).status).toBe(404);
    expect((await t.db.pool.query('SELECT name FROM folders WHERE id = $1', [folder])).rows).toEqual([
      { name: 'Mine' },
    ]);

    expect((await t.request('GET', base(999_999), { token })).body).toEqual({ error: 'User not found' });
    expect((await create(999_999, { name: 'x' })).status).toBe(404);
    for (const id of ['x', '-3', '99999999999']) {
      expect((await t.request('GET', base(id), { token })).status, id).toBe(400);
      expect((await update(owner.id, id, { name: 'x' })).status, id).toBe(400);
      expect((await remove(owner.id, id)).status, id).toBe(400);
    }
  });

  it("lets only a super_admin change a super_admin's folders", async () => {
    const target = await t.createUser({ role: 'super_admin' });
    expect((await t.request('GET', base(target.id), { token })).status).toBe(200);
    expect((await create(target.id, { name: 'Nope' })).status).toBe(403);
    const mine = await create(target.id, { name: 'Yes' }, superToken);
    expect(mine.status).toBe(201);
    expect((await update(target.id, mine.body.id, { name: 'Nope' })).status).toBe(403);
    expect((await remove(target.id, mine.body.id)).status).toBe(403);
    expect((await remove(target.id, mine.body.id, superToken)).status).toBe(200);
  });
});
