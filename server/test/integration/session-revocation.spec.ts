import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../support/factories.js';
import { startSecondApi } from '../support/second-api.js';
import { connectSocket, socketHandshake } from '../support/socket-handshake.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The same socket object connecting again, the way the client's own reconnection does. */
function reconnect(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
    socket.connect();
  });
}

function withTimeout<T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)),
  ]);
}

describe('revoking a session: deleting a user or changing their password', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondApi>>;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    second = await startSecondApi(t);
    adminToken = await t.login(await t.createUser({ role: 'super_admin' }));
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  /** A user signed in, with one socket on each API process. */
  async function signedIn(): Promise<{
    user: TestUser;
    token: string;
    here: Socket;
    there: Socket;
    drops: Promise<string[]>;
  }> {
    const user = await t.createUser({ role: 'user' });
    const token = await t.login(user);
    const a = await connectSocket(t.baseUrl, token);
    const b = await connectSocket(second.baseUrl, token);
    return { user, token, here: a.socket, there: b.socket, drops: Promise.all([a.dropped, b.dropped]) };
  }

  async function expectRevoked(token: string, here: Socket, there: Socket, drops: Promise<string[]>): Promise<void> {
    // dropped by the server on both processes, not by the client or a transport error
    expect(await withTimeout(drops, 'both sockets to be dropped')).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
    for (const baseUrl of [t.baseUrl, second.baseUrl]) {
      const res = await fetch(`${baseUrl}/api/session`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, baseUrl).toBe(401);
      expect(await socketHandshake(baseUrl, { token })).toBe('unauthorized');
    }
    expect(await reconnect(here)).toBe('unauthorized');
    expect(await reconnect(there)).toBe('unauthorized');
    // what a client recovering its connection state sends: its old session id and last offset
    const recovery = { token, pid: here.id ?? 'previous-session', offset: '0-0' };
    expect(await socketHandshake(t.baseUrl, recovery)).toBe('unauthorized');
    expect(await socketHandshake(second.baseUrl, recovery)).toBe('unauthorized');
    here.close();
    there.close();
  }

  it('an admin setting a new password stops the old token on HTTP and drops its sockets everywhere', async () => {
    const { user, token, here, there, drops } = await signedIn();
    const res = await t.request('PUT', `/api/admin/users/${user.id}`, {
      token: adminToken,
      body: { password: 'a-brand-new-password-1' },
    });
    expect(res.status).toBe(200);
    await expectRevoked(token, here, there, drops);

    const fresh = await t.login({ username: user.username, password: 'a-brand-new-password-1' });
    expect((await t.request('GET', '/api/session', { token: fresh })).status).toBe(200);
    expect(await socketHandshake(second.baseUrl, { token: fresh })).toBe('connected');
  });

  it('deleting the user stops their token on HTTP and drops their sockets everywhere', async () => {
    const { user, token, here, there, drops } = await signedIn();
    const res = await t.request('DELETE', `/api/admin/users/${user.id}`, { token: adminToken });
    expect(res.status).toBe(200);
    await expectRevoked(token, here, there, drops);
  });

  it("ends an admin's queue dashboard session too, by bearer token or by its cookie", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const token = await t.login(admin);
    const opened = await t.request('POST', '/api/admin/queue-dashboard/session', { token });
    expect(opened.status).toBe(204);
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    const dashboard = (headers: Record<string, string>) => fetch(`${t.baseUrl}/admin/queues/api/queues`, { headers });
    expect((await dashboard({ authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await dashboard({ cookie })).status).toBe(200);

    const res = await t.request('PUT', `/api/admin/users/${admin.id}`, {
      token: adminToken,
      body: { password: 'another-new-password-2' },
    });
    expect(res.status).toBe(200);
    expect((await dashboard({ authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await dashboard({ cookie })).status).toBe(401);
  });

  it('an edit that keeps the password keeps the session and its sockets', async () => {
    const { user, token, here, there } = await signedIn();
    let dropped = false;
    for (const socket of [here, there]) socket.on('disconnect', () => (dropped = true));
    const res = await t.request('PUT', `/api/admin/users/${user.id}`, {
      token: adminToken,
      body: { email: `${user.username}@elsewhere.test`, password: '' },
    });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/api/session', { token })).status).toBe(200);
    // a revocation is one Redis round trip away: give it time to arrive if it wrongly were sent
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dropped).toBe(false);
    expect([here.connected, there.connected]).toEqual([true, true]);
    here.close();
    there.close();
  });

  it('leaves other users connected', async () => {
    const bystander = await signedIn();
    const { user, here, there } = await signedIn();
    let dropped = false;
    for (const socket of [bystander.here, bystander.there]) socket.on('disconnect', () => (dropped = true));
    expect((await t.request('DELETE', `/api/admin/users/${user.id}`, { token: adminToken })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dropped).toBe(false);
    for (const socket of [bystander.here, bystander.there, here, there]) socket.close();
  });
});
