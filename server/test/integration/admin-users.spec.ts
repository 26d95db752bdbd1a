import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

describe('admin user management: create and edit', () => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let adminToken: string;
  let superToken: string;

  const create = (token: string, body: unknown) =>
    t.request<AdminUser & { error?: string }>('POST', '/api/admin/users', { token, body });
  const update = (token: string, id: number | string, body: unknown) =>
    t.request<AdminUser & { error?: string }>('PUT', `/api/admin/users/${id}`, { token, body });
  const roleOf = async (id: number) =>
    (await t.db.pool.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [id])).rows[0]?.role;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.createUser({ role: 'admin' });
    superAdmin = await t.createUser({ role: 'super_admin' });
    adminToken = await t.login(admin);
    superToken = await t.login(superAdmin);
  });
  afterAll(() => t.close());

  it('creates a user who can sign in, with role user by default and the key shown cut to 12 characters', async () => {
    const key = 'eok_live_abcdefghijklmnopqrstuvwxyz';
    const res = await create(adminToken, {
      username: ' carol ',
      email: 'carol@example.test',
      password: 'correct horse',
      eok_api_key: key,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      username: 'carol',
      email: 'carol@example.test',
      role: 'user',
      eok_api_key: key.slice(0, 12),
      job_count: 0,
      folder_count: 0,
    });
    expect(JSON.stringify(res.body)).not.toContain(key);
    const stored = await t.db.pool.query('SELECT password_hash, eok_api_key FROM users WHERE id = $1', [res.body.id]);
    expect(stored.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    // encrypted at rest: neither the key nor a part of it is in the row, and each save differs
    expect(stored.rows[0].eok_api_key).toMatch(/^enc:v1:[\w-]+$/);
    expect(stored.rows[0].eok_api_key).not.toContain(key.slice(0, 8));
    expect(await t.login({ username: 'carol', password: 'correct horse' })).toBeTruthy();

    const list = await t.request<AdminUser[]>('GET', '/api/admin/users', { token: adminToken });
    expect(list.body.find((u) => u.id === res.body.id)).toEqual(res.body);
  });

  it('requires username, email and password', async () => {
    for (const body of [
      {},
      { username: 'x', email: 'x@example.test' },
      { username: '  ', email: 'x@example.test', password: 'long enough' },
      { email: 'bad', password: '' },
    ]) {
      const res = await create(adminToken, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please fill in all required fields');
    }
  });

  it("takes an address on a host without a dot, like the first super_admin's admin@localhost, and saves it again", async () => {
    const created = await create(adminToken, { username: 'ops', email: 'ops@localhost', password: 'long enough' });
    expect([created.status, created.body.email]).toEqual([201, 'ops@localhost']);
    const saved = await update(adminToken, created.body.id, { email: 'ops@localhost', role: 'user' });
    expect([saved.status, saved.body.email]).toEqual([200, 'ops@localhost']);
  });

  it('refuses a bad email, a short password and an unknown role', async () => {
    const base = { username: 'dave', email: 'dave@example.test', password: 'long enough' };
    expect((await create(adminToken, { ...base, email: 'not-an-email' })).body).toMatchObject({
      error: 'Please enter a valid email address',
    });
    expect((await create(adminToken, { ...base, password: 'short' })).body).toMatchObject({
      error: 'Password must be at least 8 characters',
    });
    const badRole = await create(adminToken, { ...base, role: 'root' });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toBe('Role must be one of user, admin, super_admin');
  });

  it('refuses a username with control or invisible characters, which could pass for another in the shared queue', async () => {
    const base = { email: 'hidden@example.test', password: 'long enough' };
    for (const username of ['a\nb', '\u001b[31mred', '\u200b', 'ad\u200bmin', 'admin\u202e', '\u200d']) {
      const res = await create(adminToken, { ...base, username });
      expect([res.status, res.body.error], JSON.stringify(username)).toEqual([
        400,
        'Username must not contain control or invisible characters',
      ]);
    }
    expect((await create(adminToken, { ...base, username: 'Zoë O’Brien' })).status).toBe(201);
    // joiners are writing, not hiding: Persian names and emoji sequences use them
    expect((await create(adminToken, { ...base, email: 'fa@example.test', username: 'می\u200cخواهم' })).status).toBe(
      201,
    );
    expect(
      (await create(adminToken, { ...base, email: 'em@example.test', username: 'dev\u{1F469}\u200d\u{1F4BB}' })).status,
    ).toBe(201);
  });

  it('answers 409 for a username taken in any case', async () => {
    await create(adminToken, { username: 'Erin', email: 'erin@example.test', password: 'long enough' });
    const res = await create(adminToken, { username: 'eRIN', email: 'other@example.test', password: 'long enough' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A user with this username already exists');
  });

  it('takes a name typed with a combining accent as the same name as its composed spelling', async () => {
    const composed = 'Zo\u00eb';
    const decomposed = 'Zoe\u0308';
    const first = await create(adminToken, {
      username: decomposed,
      email: 'zoe@example.test',
      password: 'long enough',
    });
    expect(first.body.username).toBe(composed);
    const again = await create(adminToken, { username: composed, email: 'zoe2@example.test', password: 'long enough' });
    expect(again.status).toBe(409);
    // either spelling signs in
    for (const username of [composed, decomposed]) {
      const login = await t.request('POST', '/api/login', { body: { username, password: 'long enough' } });
      expect(login.status, JSON.stringify(username)).toBe(200);
    }
  });

  it('lets only a super_admin create a super_admin; an admin may create admins', async () => {
    const denied = await create(adminToken, {
      username: 'sneaky',
      email: 's@example.test',
      password: 'long enough',
      role: 'super_admin',
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Only a super admin can create, edit or delete a super admin or grant that role');
    expect(
      (
        await create(adminToken, {
          username: 'second_admin',
          email: 'a@example.test',
          password: 'long enough',
          role: 'admin',
        })
      ).status,
    ).toBe(201);
    const ok = await create(superToken, {
      username: 'second_super',
      email: 'ss@example.test',
      password: 'long enough',
      role: 'super_admin',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.role).toBe('super_admin');
  });

  it('edits email, role and key; a blank or absent password keeps the current one', async () => {
    const user = await t.createUser();
    const res = await update(adminToken, user.id, {
      email: 'new@example.test',
      role: 'admin',
      eok_api_key: 'key_0123456789_abcdef',
      password: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: 'new@example.test',
      role: 'admin',
      eok_api_key: 'key_01234567',
    });
    expect(await t.login(user)).toBeTruthy();

    // the key is never sent back whole: blank keeps it, null removes it
    expect((await update(adminToken, user.id, { eok_api_key: '' })).body.eok_api_key).toBe('key_01234567');
    expect((await update(adminToken, user.id, { eok_api_key: null })).body.eok_api_key).toBeNull();
    expect((await update(adminToken, user.id, { email: '' })).body.error).toBe('Please fill in all required fields');
  });

  it('keeps the current password when the new one is all spaces, as the create form calls that blank', async () => {
    const user = await t.createUser();
    for (const password of ['   ', ' '.repeat(12)]) {
      const res = await update(adminToken, user.id, { email: 'spaces@example.test', password });
      expect([res.status, res.body.error]).toEqual([200, undefined]);
      expect(await t.login(user)).toBeTruthy();
    }
  });

  it("refuses an edit from a copy older than another admin's, rather than put back what that one changed", async () => {
    const user = await t.createUser();
    const listed = (await t.request<AdminUser[]>('GET', '/api/admin/users', { token: adminToken })).body;
    const opened = listed.find((u) => u.id === user.id)!;
    // one admin changes the address; the other, on the list read before, makes them an admin
    const first = await update(superToken, user.id, {
      email: 'moved@example.test',
      expected_updated_at: opened.updated_at,
    });
    expect(first.status).toBe(200);
    const stale = await update(adminToken, user.id, {
      email: opened.email,
      role: 'admin',
      expected_updated_at: opened.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(
      `${user.username} was changed by someone else since you opened it; reopen it to see that change before saving yours`,
    );
    expect(await roleOf(user.id)).toBe('user');
    const fresh = await update(adminToken, user.id, {
      email: 'moved@example.test',
      role: 'admin',
      expected_updated_at: first.body.updated_at,
    });
    expect(fresh.body).toMatchObject({ email: 'moved@example.test', role: 'admin' });
    // a version alone changes nothing, not even the version
    const still = await update(adminToken, user.id, { expected_updated_at: fresh.body.updated_at });
    expect(still.body.updated_at).toBe(fresh.body.updated_at);
  });

  it('sets a new password, after which tokens issued before it stop working', async () => {
    const user = await t.createUser();
    const oldToken = await t.login(user);
    // tokens carry whole seconds: let the change land in a later second than the token
    await sleep(1100);
    const res = await update(adminToken, user.id, { password: 'brand new password' });
    expect(res.status).toBe(200);
    // a session is handed only to the admin whose own password it is
    expect(res.body).not.toHaveProperty('token');
    expect((await t.request('GET', '/api/session', { token: oldToken })).status).toBe(401);
    await expect(t.login(user)).rejects.toThrow(/401/);
    expect(await t.login({ username: user.username, password: 'brand new password' })).toBeTruthy();
  });

  it('answers an admin who changes their own password a session under it, and ends their others', async () => {
    const self = await t.createUser({ role: 'admin' });
    const here = await t.login(self);
    const elsewhere = await t.login(self);
    await sleep(1100);
    const res = await t.request<AdminUser & { token?: string }>('PUT', `/api/admin/users/${self.id}`, {
      token: here,
      body: { password: 'my own new password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: self.id, username: self.username, role: 'admin' });
    expect(res.body.token).toEqual(expect.any(String));

    const session = await t.request('GET', '/api/session', { token: res.body.token });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ user: { id: self.id, username: self.username, role: 'admin' } });
    for (const old of [here, elsewhere])
      expect((await t.request('GET', '/api/session', { token: old })).status).toBe(401);
    expect(await t.login({ username: self.username, password: 'my own new password' })).toBeTruthy();
  });

  it('lets only a super_admin edit a super_admin or grant that role', async () => {
    const other = await t.createUser({ role: 'super_admin' });
    const plain = await t.createUser();
    expect((await update(adminToken, other.id, { email: 'x@example.test' })).status).toBe(403);
    const promote = await update(adminToken, plain.id, { role: 'super_admin' });
    expect(promote.status).toBe(403);
    expect(promote.body.error).toBe('Only a super admin can create, edit or delete a super admin or grant that role');
    expect(await roleOf(plain.id)).toBe('user');

    expect((await update(superToken, plain.id, { role: 'super_admin' })).body.role).toBe('super_admin');
    expect((await update(superToken, other.id, { role: 'admin' })).body.role).toBe('admin');
  });

  it('refuses anyone changing their own role', async () => {
    const res = await update(superToken, superAdmin.id, { role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('You cannot change your own role');
    expect((await update(adminToken, admin.id, { role: 'user' })).body.error).toBe('You cannot change your own role');
    expect((await update(adminToken, admin.id, { role: 'super_admin' })).status).toBe(403);
    // editing one's own email is fine
    expect((await update(adminToken, admin.id, { email: 'me@example.test', role: 'admin' })).status).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    expect((await update(adminToken, 999_999, { email: 'x@example.test' })).status).toBe(404);
    expect((await update(adminToken, 999_999, { email: 'x@example.test' })).body.error).toBe('User not found');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await update(adminToken, id, { email: 'x@example.test' })).status, id).toBe(400);
    }
  });
});

/** Its own app: Passport keeps one `jwt` strategy per process, so two live apps would share it. */
describe('admin user management: the last super_admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is never lost when two super admins demote each other at once', async () => {
    const a = await t.createUser({ role: 'super_admin' });
    const b = await t.createUser({ role: 'super_admin' });
    const [tokenA, tokenB] = [await t.login(a), await t.login(b)];
    const results = await Promise.all([
      t.request<{ error?: string }>('PUT', `/api/admin/users/${b.id}`, { token: tokenA, body: { role: 'admin' } }),
      t.request<{ error?: string }>('PUT', `/api/admin/users/${a.id}`, { token: tokenB, body: { role: 'admin' } }),
    ]);
    expect(results.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    const refused = results.find((r) => r.status !== 200)!;
    expect([400, 403]).toContain(refused.status);
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM users WHERE role = 'super_admin'`);
    expect(rows[0].n).toBe(1);
  });
});
