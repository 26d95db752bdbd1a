import { JwtService } from '@nestjs/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionClaims } from '../../src/auth/token.js';
import { LIVE_SOCKET_HEADER, type Folder } from '@atelier/shared';
import { createGalleryItem, createJob } from '../support/factories.js';
import type { TestApp } from '../support/test-app.js';
import { startTestApp } from '../support/test-app.js';
import { createTinyWorkflow, listen, submitJob } from '../support/pipeline.js';
import { startSecondApi } from '../support/second-api.js';
import { socketHandshake } from '../support/socket-handshake.js';
import { waitFor } from '../support/wait-for.js';

describe('live events over Socket.IO', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let workflowId: number;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.login(await t.createUser({ username: 'alice' }));
    bob = await t.login(await t.createUser({ username: 'bob' }));
    workflowId = await createTinyWorkflow(t);
  });
  afterAll(() => t.close());

  it('refuses a connection without a token, with a bad one, or for a deleted user', async () => {
    expect(await socketHandshake(t.baseUrl, {})).toBe('unauthorized');
    expect(await socketHandshake(t.baseUrl, { token: 'not-a-jwt' })).toBe('unauthorized');
    const gone = await t.createUser();
    const token = await t.login(gone);
    await t.db.pool.query('DELETE FROM users WHERE id = $1', [gone.id]);
    expect(await socketHandshake(t.baseUrl, { token })).toBe('unauthorized');
  });

  it('ends a live connection when its token expires, and not before', async () => {
    const erin = await t.createUser();
    const { rows } = await t.db.pool.query<{ password_changed_at: Date }>(
      'SELECT password_changed_at FROM users WHERE id = $1',
      [erin.id],
    );
    const token = await t.app
      .get(JwtService)
      .signAsync(sessionClaims(rows[0]!.password_changed_at), { subject: String(erin.id), expiresIn: 2 });
    const expiresAt = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number }).exp;
    const live = await listen(t, token);
    const reason = await new Promise<string>((resolve) => live.socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    expect(Date.now()).toBeGreaterThanOrEqual(expiresAt * 1000);
  });

  it('sends a job to its owner only, and the queue to everyone', async () => {
    const a = await listen(t, alice);
    const b = await listen(t, bob);
    const id = await submitJob(t, bob, { workflow_id: workflowId, batch_size: 1 });
    await waitFor('bob to hear of his job', () => b.jobs.some((j) => j.id === id));
    await waitFor('alice to see the queue change', () => a.queue.some((q) => q.upcoming_jobs.some((j) => j.id === id)));
    expect(a.jobs.some((j) => j.id === id)).toBe(false);
    a.close();
    b.close();
  });

  it("broadcasts the queue without another user's parameters", async () => {
    const a = await listen(t, alice);
    const id = await submitJob(t, bob, {
      workflow_id: workflowId,
      batch_size: 1,
      parameters: { prompt: 'bob-secret-prompt' },
    });
    await waitFor('alice to see the queue change', () => a.queue.some((q) => q.upcoming_jobs.some((j) => j.id === id)));
    expect(JSON.stringify(a.queue)).not.toContain('bob-secret-prompt');
    a.close();
  });

  it("takes a deleted user's jobs out of everyone's queue at once, not at the next poll", async () => {
    const admin = await t.login(await t.createUser({ role: 'super_admin' }));
    const carol = await t.createUser();
    const a = await listen(t, alice);
    const id = await submitJob(t, await t.login(carol), { workflow_id: workflowId, batch_size: 3 });
    await waitFor('alice to see carol’s job queued', () =>
      a.queue.some((q) => q.upcoming_jobs.some((j) => j.id === id)),
    );
    const seen = a.queue.length;
    const res = await t.request('DELETE', `/api/admin/users/${carol.id}`, { token: admin });
    expect(res.status).toBe(200);
    await waitFor(
      'alice to be sent the queue without carol’s job',
      () => a.queue.length > seen && !a.queue.at(-1)!.upcoming_jobs.some((j) => j.id === id),
    );
    a.close();
  });

  it("pushes a change to a user's folders or items to that user's other tabs only", async () => {
    const admin = await t.login(await t.createUser({ role: 'super_admin' }));
    const dave = await t.createUser();
    const daveToken = await t.login(dave);
    const here = await listen(t, daveToken);
    const there = await listen(t, daveToken);
    const a = await listen(t, alice);
    const item = await createGalleryItem(t.db.pool, dave.id, await createJob(t.db.pool, dave.id, workflowId));
    const erin = await t.createUser();
    const erins = await createGalleryItem(t.db.pool, erin.id, await createJob(t.db.pool, erin.id, workflowId));
    // the tab making the changes names its connection, which has shown them already
    const fromHere = (method: string, path: string, body?: unknown) =>
      t.request<Folder>(method, path, { token: daveToken, body, headers: { [LIVE_SOCKET_HEADER]: here.socket.id! } });

    const folder = (await fromHere('POST', '/api/folders', { name: 'Keepers', hotkey: 'k' })).body;
    await fromHere('PUT', `/api/folders/${folder.id}`, { name: 'Best', color: '#22C55E' });
    await fromHere('PUT', `/api/gallery/${item}/folder`, { folder_path: 'Best' });
    await fromHere('POST', '/api/gallery/bulk-folder', { ids: [item], folder_path: '' });
    await fromHere('POST', `/api/gallery/${item}/archive`);
    await fromHere('POST', '/api/gallery/bulk-unarchive', { ids: [item] });
    await fromHere('POST', '/api/gallery/bulk-archive', { ids: [item] });
    await fromHere('POST', `/api/gallery/${item}/unarchive`);
    await fromHere('PUT', `/api/gallery/${item}/tags`, { user_tags: ['kept'] });
    // refused, so nothing changed and nothing is pushed
    expect((await fromHere('POST', '/api/gallery/bulk-archive', { ids: [item, erins] })).status).toBe(404);
    expect((await fromHere('POST', '/api/folders', { name: 'best' })).status).toBe(400);
    await fromHere('DELETE', `/api/folders/${folder.id}`);
    const kinds = ['folders', 'folders', ...Array<string>(7).fill('items'), 'folders'];
    await waitFor('the other tab to hear of every change', () => there.galleryChanges.length >= kinds.length);
    expect(there.galleryChanges).toEqual(kinds.map((kind) => ({ kind })));

    // an admin's edit of the user's folders reaches every tab of the user, the admin's own socket not being one
    const res = await t.request('POST', `/api/admin/users/${dave.id}/folders`, {
      token: admin,
      body: { name: 'Picked' },
    });
    expect(res.status).toBe(201);
    await waitFor(
      'the admin’s change in both tabs',
      () => here.galleryChanges.length && there.galleryChanges.length > 10,
    );
    expect(here.galleryChanges).toEqual([{ kind: 'folders' }]);
    expect(there.galleryChanges.at(-1)).toEqual({ kind: 'folders' });
    expect(a.galleryChanges).toEqual([]);
    for (const log of [here, there, a]) log.close();
  });

  it('reaches a browser connected to another API process', async () => {
    const second = await startSecondApi(t);
    try {
      const elsewhere = await listen({ ...t, baseUrl: second.baseUrl }, alice);
      const id = await submitJob(t, alice, { workflow_id: workflowId, batch_size: 1 });
      await waitFor('the event through the Redis adapter', () => elsewhere.jobs.some((j) => j.id === id));
      await waitFor('the queue through the Redis adapter', () => elsewhere.queue.length > 0);
      elsewhere.close();
    } finally {
      await second.close();
    }
  });
});
