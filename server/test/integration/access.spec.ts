import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';
import { connectSocket, socketHandshake } from '../support/socket-handshake.js';

const SECRET = randomBytes(32).toString('hex');

function b64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** Hand-made tokens, so the tests control every claim and the algorithm. */
function token(claims: Record<string, unknown>, { alg = 'HS256', secret = SECRET } = {}): string {
  const header = b64url({ alg, typ: 'JWT' });
  const payload = b64url(claims);
  if (alg === 'none') return `${header}.${payload}.`;
  const hmac = alg === 'HS512' ? 'sha512' : 'sha256';
  const signature = createHmac(hmac, secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);

describe('authentication and roles on protected routes', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let superAdmin: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ JWT_SECRET: SECRET });
    user = await t.createUser({ role: 'user' });
    admin = await t.createUser({ role: 'admin' });
    superAdmin = await t.createUser({ role: 'super_admin' });
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    for (const path of ['/api/session', '/api/queue', '/api/admin/users']) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ error: 'Authentication required' });
    }
  });

  /** The ms stamp of the user's current password, which a token must carry to count. */
  async function passwordStamp(id: number): Promise<number> {
    const { rows } = await t.db.pool.query<{ at: Date }>('SELECT password_changed_at AS at FROM users WHERE id = $1', [
      id,
    ]);
    return rows[0]!.at.getTime();
  }

  it('answers 401 for malformed, forged, expired, wrongly issued or unsigned tokens', async () => {
    const valid = {
      sub: String(user.id),
      iat: now(),
      exp: now() + 600,
      iss: 'atelier',
      pwd: await passwordStamp(user.id),
    };
    const bad = [
      'garbage',
      'Bearer',
      token(valid, { secret: 'another-secret-another-secret-xx' }),
      token({ ...valid, iat: now() - 7200, exp: now() - 3600 }),
      token({ ...valid, iss: 'someone-else' }),
      token({ ...valid, iss: undefined }),
      token(valid, { alg: 'none' }),
      token(valid, { alg: 'HS512' }),
      token({ ...valid, sub: 'not-a-number' }),
      token({ ...valid, exp: undefined }),
      token({ ...valid, iat: undefined }),
      token({ ...valid, pwd: undefined }),
      token({ ...valid, pwd: valid.pwd - 1 }),
      token({ ...valid, sub: undefined }),
    ];
    for (const [i, bearer] of bad.entries()) {
      const res = await t.request('GET', '/api/session', { token: bearer });
      expect(res.status, `token #${i}`).toBe(401);
    }
    expect((await t.request('GET', '/api/session', { token: token(valid) })).status).toBe(200);
  });

  it('answers 401, never 500, to a token whose subject is huge, odd or no string', async () => {
    const claims = { iat: now(), exp: now() + 600, iss: 'atelier', pwd: await passwordStamp(user.id) };
    const subjects: unknown[] = [
      '99999999999999999999999',
      '2147483648',
      String(Number.MAX_SAFE_INTEGER),
      '1e3',
      '0x10',
      ` ${user.id}`,
      `${user.id}.0`,
      '-1',
      '0',
      '',
      user.id,
      [user.id],
      { id: user.id },
      null,
    ];
    for (const sub of subjects) {
      const res = await t.request('GET', '/api/session', { token: token({ ...claims, sub }) });
      expect([res.status, res.body], JSON.stringify(sub)).toEqual([401, { error: 'Authentication required' }]);
    }
  });

  it('checks a socket handshake token the same way', async () => {
    const handshake = (bearer: string) => socketHandshake(t.baseUrl, { token: bearer });
    const valid = {
      sub: String(user.id),
      iat: now(),
      exp: now() + 600,
      iss: 'atelier',
      pwd: await passwordStamp(user.id),
    };
    const bad = [
      token({ ...valid, exp: undefined }),
      token({ ...valid, iat: undefined }),
      token({ ...valid, pwd: valid.pwd + 1 }),
      token({ ...valid, sub: '99999999999999999999999' }),
      token({ ...valid, iss: 'someone-else' }),
      token(valid, { alg: 'none' }),
      token(valid, { alg: 'HS512' }),
    ];
    for (const [i, bearer] of bad.entries()) expect(await handshake(bearer), `token #${i}`).toBe('unauthorized');
    expect(await handshake(token(valid))).toBe('connected');
  });

  it('drops a socket when the token it connected with expires', async () => {
    const claims = {
      sub: String(user.id),
      iat: now(),
      exp: now() + 2,
      iss: 'atelier',
      pwd: await passwordStamp(user.id),
    };
    const { socket, dropped } = await connectSocket(t.baseUrl, token(claims));
    const reason = await Promise.race([dropped, new Promise((r) => setTimeout(() => r('still connected'), 5000))]);
    socket.close();
    expect(reason).toBe('io server disconnect');
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(claims.exp - 0.05);
  });

  it('refuses a token signed in the same second as a later password change', async () => {
    const temp = await t.createUser();
    const issued = await t.login(temp);
    const { iat } = JSON.parse(Buffer.from(issued.split('.')[1]!, 'base64url').toString()) as { iat: number };
    // the change lands within the very second the token was issued: whole-second iat cannot tell them apart
    const changedAt = new Date(iat * 1000 + 1);
    await t.db.pool.query('UPDATE users SET password_changed_at = $2 WHERE id = $1', [temp.id, changedAt]);
    expect((await t.request('GET', '/api/session', { token: issued })).status).toBe(401);
    expect((await t.request('GET', '/api/session', { token: await t.login(temp) })).status).toBe(200);
  });

  it('stops honouring a token once its user is deleted or changes password', async () => {
    const temp = await t.createUser();
    const issued = await t.login(temp);
    expect((await t.request('GET', '/api/session', { token: issued })).status).toBe(200);

    await t.db.pool.query(`UPDATE users SET password_changed_at = now() + interval '2 seconds' WHERE id = $1`, [
      temp.id,
    ]);
    expect((await t.request('GET', '/api/session', { token: issued })).status).toBe(401);

    const other = await t.createUser();
    const otherToken = await t.login(other);
    await t.db.pool.query('DELETE FROM users WHERE id = $1', [other.id]);
    expect((await t.request('GET', '/api/session', { token: otherToken })).status).toBe(401);
  });

  it('answers 403 to a role user on an admin-only route, 200 to admins', async () => {
    const denied = await t.request('GET', '/api/admin/users', { token: await t.login(user) });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'Access denied. Admin privileges required.' });

    for (const who of [admin, superAdmin]) {
      const res = await t.request<Array<{ username: string }>>('GET', '/api/admin/users', {
        token: await t.login(who),
      });
      expect(res.status).toBe(200);
      expect(res.body.map((u) => u.username)).toEqual(expect.arrayContaining([user.username, admin.username]));
    }
  });

  it('reads the role from the database, so a demotion takes effect at once', async () => {
    const promoted = await t.createUser({ role: 'admin' });
    const issued = await t.login(promoted);
    expect((await t.request('GET', '/api/admin/users', { token: issued })).status).toBe(200);
    await t.db.pool.query(`UPDATE users SET role = 'user' WHERE id = $1`, [promoted.id]);
    expect((await t.request('GET', '/api/admin/users', { token: issued })).status).toBe(403);
  });

  it('lists users with counts and never the whole API key', async () => {
    const key = 'eok_live_0123456789abcdefghijklmnop';
    await t.db.pool.query('UPDATE users SET eok_api_key = $1 WHERE id = $2', [key, user.id]);
    const res = await t.request<Array<Record<string, unknown>>>('GET', '/api/admin/users', {
      token: await t.login(admin),
    });
    const row = res.body.find((u) => u.id === user.id)!;
    expect(row).toMatchObject({ username: user.username, role: 'user', job_count: 0, folder_count: 0 });
    expect(row.eok_api_key).toBe(key.slice(0, 12));
    expect(JSON.stringify(res.body)).not.toContain(key);
    expect(JSON.stringify(res.body)).not.toContain('password');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('GET', '/api/no/such/route', { token: await t.login(user) });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });
});
