import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondApi } from '../support/second-api.js';
import { connectSocket } from '../support/socket-handshake.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/** A connected socket and, in order, each session:changed it was sent and why it was dropped. */
interface Heard {
  socket: Socket;
  log: string[];
}

async function hear(baseUrl: string, token: string): Promise<Heard> {
  const { socket } = await connectSocket(baseUrl, token);
  const log: string[] = [];
  socket.on('session:changed', () => log.push('session:changed'));
  socket.on('disconnect', (reason) => log.push(`dropped: ${reason}`));
  return { socket, log };
}

/** An event wrongly sent is one Redis round trip away: time for it to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('session:changed, pushed when an admin changes a user’s role, password or account', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondApi>>;
  let adminToken: string;
  let admin: Heard;
  let bystander: Heard;
  const opened: Heard[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    second = await startSecondApi(t);
    adminToken = await t.login(await t.createUser({ role: 'super_admin' }));
    admin = await hear(t.baseUrl, adminToken);
    bystander = await hear(second.baseUrl, await t.login(await t.createUser({ role: 'user' })));
    opened.push(admin, bystander);
  });
  afterAll(async () => {
    for (const { socket } of opened) socket.close();
    await second.close();
    await t.close();
  });

  /** A user of role user, with a socket on each API process. */
  async function signedIn(): Promise<{ id: number; here: Heard; there: Heard }> {
    const user = await t.createUser({ role: 'user' });
    const token = await t.login(user);
    const here = await hear(t.baseUrl, token);
    const there = await hear(second.baseUrl, token);
    opened.push(here, there);
    return { id: user.id, here, there };
  }

  const edit = async (id: number, body: Record<string, unknown>) =>
    expect((await t.request('PUT', `/api/admin/users/${id}`, { token: adminToken, body })).status).toBe(200);

  function expectNobodyElseTold(): void {
    expect(admin.log).toEqual([]);
    expect(bystander.log).toEqual([]);
  }

  it('tells only that user, on every API process, when their role goes up and when it comes down', async () => {
    const { id, here, there } = await signedIn();

    await edit(id, { role: 'admin' });
    await waitFor('the promotion to reach both sockets', () => here.log.length > 0 && there.log.length > 0, 5000);
    await edit(id, { role: 'user' });
    await waitFor('the demotion to reach both sockets', () => here.log.length > 1 && there.log.length > 1, 5000);
    await settle();

    expect(here.log).toEqual(['session:changed', 'session:changed']);
    expect(there.log).toEqual(['session:changed', 'session:changed']);
    expectNobodyElseTold();
  });

  it('tells nobody of an edit that leaves the role and password as they were', async () => {
    const { id, here, there } = await signedIn();
    await edit(id, { role: 'user', email: `moved-${id}@elsewhere.test`, password: '' });
    await settle();
    expect([here.log, there.log]).toEqual([[], []]);
    expectNobodyElseTold();
  });

  it('tells that user of a new password before dropping their sockets', async () => {
    const { id, here, there } = await signedIn();
    await edit(id, { password: 'a-brand-new-password-1' });
    await waitFor('both sockets to be dropped', () => here.log.length > 1 && there.log.length > 1, 5000);
    await settle();
    for (const { log } of [here, there]) expect(log).toEqual(['session:changed', 'dropped: io server disconnect']);
    expectNobodyElseTold();
  });

  it('tells a deleted user before dropping their sockets, which then hear nothing more', async () => {
    const { id, here, there } = await signedIn();
    expect((await t.request('DELETE', `/api/admin/users/${id}`, { token: adminToken })).status).toBe(200);
    await waitFor('both sockets to be dropped', () => here.log.length > 1 && there.log.length > 1, 5000);
    await settle();
    for (const { log } of [here, there]) expect(log).toEqual(['session:changed', 'dropped: io server disconnect']);
    expect([here.socket.connected, there.socket.connected]).toEqual([false, false]);
    expectNobodyElseTold();
  });
});
