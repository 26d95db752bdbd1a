import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

describe('POST /api/login', () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.createUser({ role: 'user', username: 'Alice' });
  });
  afterAll(() => t.close());

  it('answers a token and the session user for the right password', async () => {
    const res = await t.request<{ token: string; user: unknown }>('POST', '/api/login', {
      body: { username: 'Alice', password: alice.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ id: alice.id, username: 'Alice', role: 'user' });
    expect(res.body.token.split('.')).toHaveLength(3);

    const session = await t.request('GET', '/api/session', { token: res.body.token });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ user: { id: alice.id, username: 'Alice', role: 'user' } });
  });

  it('matches the username regardless of case', async () => {
    const res = await t.request('POST', '/api/login', { body: { username: 'alice', password: alice.password } });
    expect(res.status).toBe(200);
  });

  it('answers 401 Invalid credentials for a wrong password and for an unknown user alike', async () => {
    const wrong = await t.request('POST', '/api/login', { body: { username: 'Alice', password: 'nope' } });
    const unknown = await t.request('POST', '/api/login', { body: { username: 'nobody', password: 'nope' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid credentials' });
    }
  });

  it('answers 400 when a field is missing, blank or not a string', async () => {
    for (const body of [
      {},
      { username: 'Alice' },
      { password: 'x' },
      { username: '  ', password: 'x' },
      { username: 1, password: 'x' },
    ]) {
      const res = await t.request<{ error: string }>('POST', '/api/login', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('Username and password are required');
    }
  });

  it('answers Invalid credentials for a username or password longer than any account has', async () => {
    for (const body of [
      { username: 'a'.repeat(201), password: 'x' },
      { username: 'Alice', password: 'p'.repeat(1001) },
    ]) {
      const res = await t.request<{ error: string }>('POST', '/api/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Invalid credentials');
    }
  });

  it('answers 400 with a JSON error for a body that is not JSON', async () => {
    const res = await t.request('POST', '/api/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('answers that the body must be an object for JSON that is a bare value', async () => {
    for (const body of ['null', '"alice"', '1', 'true']) {
      const res = await t.request('POST', '/api/login', { body, headers: { 'content-type': 'application/json' } });
      expect(res.status, body).toBe(400);
      expect(res.body, body).toEqual({ error: 'Request body must be a JSON object' });
    }
  });

  it('never stores the password in clear', async () => {
    const { rows } = await t.db.pool.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      alice.id,
    ]);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.password_hash).not.toContain(alice.password);
  });
});

describe('login rate limiting', () => {
  let t: TestApp;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      LOGIN_MAX_FAILURES_PER_USERNAME: '3',
      LOGIN_MAX_ATTEMPTS_PER_IP: '12',
      LOGIN_RATE_WINDOW_S: '600',
    });
    bob = await t.createUser({ username: 'bob' });
    carol = await t.createUser({ username: 'carol' });
  });
  afterAll(() => t.close());

  it('blocks a username after too many failures, even with the right password, with Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.request('POST', '/api/login', { body: { username: 'bob', password: 'wrong' } });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request<{ error: string }>('POST', '/api/login', {
      body: { username: 'bob', password: bob.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many login attempts. Please try again later.');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    const other = await t.request('POST', '/api/login', { body: { username: 'carol', password: carol.password } });
    expect(other.status).toBe(200);
  });

  it('a success clears the failures counted against a username', async () => {
    for (let i = 0; i < 2; i++)
      await t.request('POST', '/api/login', { body: { username: 'carol', password: 'wrong' } });
    expect(
      (await t.request('POST', '/api/login', { body: { username: 'carol', password: carol.password } })).status,
    ).toBe(200);
    for (let i = 0; i < 2; i++)
      await t.request('POST', '/api/login', { body: { username: 'carol', password: 'wrong' } });
    expect(
      (await t.request('POST', '/api/login', { body: { username: 'carol', password: carol.password } })).status,
    ).toBe(200);
  });

  it('blocks a client address after too many attempts across usernames', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.request('POST', '/api/login', { body: { username: `spray${i}`, password: 'x' } })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const blocked = await t.request('POST', '/api/login', { body: { username: 'carol', password: carol.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).not.toBeNull();
  });
});

describe('login rate limiting by client address', () => {
  let t: TestApp;
  let admin: TestUser;
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const attempt = (password: string, address: string) =>
    t.request('POST', '/api/login', { body: { username: admin.username, password }, headers: from(address) });

  beforeAll(async () => {
    t = await startTestApp({
      LOGIN_MAX_FAILURES_PER_USERNAME: '3',
      LOGIN_MAX_ATTEMPTS_PER_IP: '100',
      LOGIN_RATE_WINDOW_S: '600',
      TRUST_PROXY: 'true',
    });
    admin = await t.createUser({ role: 'super_admin' });
  });
  afterAll(() => t.close());

  it("blocks a stranger's address after its failures, not the account's owner elsewhere", async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('wrong', '203.0.113.9')).status).toBe(401);
    expect((await attempt(admin.password, '203.0.113.9')).status).toBe(429);
    expect((await attempt(admin.password, '198.51.100.7')).status).toBe(200);
  });

  it('counts the address the proxy added, not the entries a client wrote before it', async () => {
    const user = await t.createUser();
    // a proxy appends the address it saw to whatever X-Forwarded-For the client sent
    const failFrom = (forged: string) =>
      t.request('POST', '/api/login', {
        body: { username: user.username, password: 'wrong' },
        headers: from(`${forged}, 198.51.100.20`),
      });
    for (let i = 0; i < 3; i++) expect((await failFrom(`203.0.113.${i}`)).status).toBe(401);
    expect((await failFrom('203.0.113.99')).status).toBe(429);
  });

  it('counts a name typed with a combining accent against the same name as its composed spelling', async () => {
    const user = await t.createUser({ username: 'zoë' });
    const as = (username: string, password: string) =>
      t.request('POST', '/api/login', { body: { username, password }, headers: from('203.0.113.60') });
    for (let i = 0; i < 3; i++) expect((await as('zo\u00eb', `guess ${i}`)).status).toBe(401);
    expect((await as('zoe\u0308', 'one more guess')).status).toBe(429);
    expect((await as('zoe\u0308', user.password)).status).toBe(429);
  });

  it('checks no more passwords than the limit when the guesses are sent all at once', async () => {
    const user = await t.createUser();
    const guess = (password: string) =>
      t.request('POST', '/api/login', {
        body: { username: user.username, password },
        headers: from('203.0.113.50'),
      });
    const statuses = (await Promise.all(Array.from({ length: 8 }, (_, i) => guess(`guess ${i}`)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await guess(user.password)).status).toBe(429);
  });

  it('blocks the username everywhere once failures from many addresses pass ten times the limit', async () => {
    const user = await t.createUser();
    const failFrom = (address: string) =>
      t.request('POST', '/api/login', { body: { username: user.username, password: 'wrong' }, headers: from(address) });
    for (let i = 0; i < 30; i++) expect((await failFrom(`192.0.2.${i % 10}`)).status).toBe(401);
    const blocked = await t.request('POST', '/api/login', {
      body: { username: user.username, password: user.password },
      headers: from('198.51.100.8'),
    });
    expect(blocked.status).toBe(429);
  });
});
