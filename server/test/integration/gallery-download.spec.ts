import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readlinkSync, truncateSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGalleryItem, createJob, type TestUser } from '../support/factories.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait-for.js';

/** The compression method of each entry, from the zip's central directory (0: stored). */
function compressionMethods(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const methods: number[] = [];
  for (let at = 0; at + 46 <= zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    methods.push(view.getUint16(at + 10, true));
    at += 45 + view.getUint16(at + 28, true);
  }
  return methods;
}

/** The media files this process has open (the test app runs in it). */
function openMediaFiles(dataDir: string): string[] {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(path.join(dataDir, 'media'));
    } catch {
      return false;
    }
  });
}

describe('gallery bulk download', () => {
  let t: TestApp;
  let me: TestUser;
  let token: string;
  let otherToken: string;
  let otherItem: number;
  const files = new Map<number, Buffer>();
  /** Where each item's file is. */
  const stored = new Map<number, string>();

  /** An item of `user` whose file really is in media storage, as the pipeline leaves it. */
  async function item(user: TestUser, jobName: string, ext: string, bytes: Buffer): Promise<number> {
    const jobId = await createJob(t.db.pool, user.id, null, { job_name: jobName, status: 'completed' });
    const filePath = `${user.id}/${jobId}/0_0.${ext}`;
    mkdirSync(path.join(t.dataDir, 'media', String(user.id), String(jobId)), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'media', filePath), bytes);
    const id = await createGalleryItem(t.db.pool, user.id, jobId, { file_path: filePath });
    await t.db.pool.query('UPDATE gallery_items SET job_name = $2, media_type = $3 WHERE id = $1', [
      id,
      jobName,
      ext === 'webm' ? 'video' : 'image',
    ]);
    files.set(id, bytes);
    stored.set(id, path.join(t.dataDir, 'media', filePath));
    return id;
  }

  /** A real HEAD, on connections of its own: never queued behind a GET still streaming, nor one ahead of it. */
  const headAgent = new http.Agent({ keepAlive: true });
  const head = (url: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; bodyBytes: number }>((resolve, reject) => {
      const req = http.request(`${t.baseUrl}${url}`, { method: 'HEAD', agent: headAgent }, (res) => {
        let bodyBytes = 0;
        res.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bodyBytes }));
      });
      req.on('error', reject).end();
    });
  /** The headers that say what the answer is (not when, or over which connection). */
  const described = (headers: IncomingHttpHeaders | Headers) => {
    const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? null;
    return Object.fromEntries(
      ['content-type', 'content-disposition', 'content-length', 'cache-control', 'x-content-type-options'].map(
        (name) => [name, get(name)],
      ),
    );
  };

  const ask = (ids: unknown, as = token) =>
    t.request<{ url: string }>('POST', '/api/gallery/bulk-download', { token: as, body: { ids } });
  const tokens = async () => t.redis.keys(`${t.redisKeyPrefix}:gallery-download:*`);

  beforeAll(async () => {
    t = await startTestApp();
    me = await t.createUser({ username: 'me' });
    const them = await t.createUser({ username: 'them' });
    token = await t.login(me);
    otherToken = await t.login(them);
    otherItem = await item(them, 'Theirs', 'png', randomBytes(1000));
  });
  afterAll(async () => {
    headAgent.destroy();
    await t.close();
  });

  it('zips exactly the chosen items, stored as they are, under readable unique names, without a token', async () => {
    const a = await item(me, 'Sunset: over/the "sea"?', 'png', randomBytes(300_000));
    const b = await item(me, 'Sunset: over/the "sea"?', 'webm', randomBytes(2_000));
    const c = await item(me, 'Café 東京', 'jpg', randomBytes(5_000));
    await item(me, 'Not chosen', 'png', randomBytes(10));
    const asked = await ask([c, a, b]);
    expect(asked.status).toBe(200);
    expect(asked.body.url).toMatch(/^\/api\/gallery\/downloads\/[A-Za-z0-9_-]{43}$/);

    const res = await fetch(`${t.baseUrl}${asked.body.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="atelier-3-items.zip"');
    const zip = new Uint8Array(await res.arrayBuffer());
    const entries = unzipSync(zip);
    expect(Object.keys(entries)).toEqual([
      `Café 東京-${c}.jpg`,
      `Sunset_ over_the _sea__-${a}.png`,
      `Sunset_ over_the _sea__-${b}.webm`,
    ]);
    expect(Buffer.from(entries[`Café 東京-${c}.jpg`]!).equals(files.get(c)!)).toBe(true);
    expect(Buffer.from(entries[`Sunset_ over_the _sea__-${a}.png`]!).equals(files.get(a)!)).toBe(true);
    expect(Buffer.from(entries[`Sunset_ over_the _sea__-${b}.webm`]!).equals(files.get(b)!)).toBe(true);
    expect(compressionMethods(zip)).toEqual([0, 0, 0]);

    // the address works again while it lasts (a browser may retry a download)
    expect((await fetch(`${t.baseUrl}${asked.body.url}`)).status).toBe(200);
  });

  it("answers 404 and makes no download when one id is another user's or none at all", async () => {
    const mine = await item(me, 'Mine', 'png', randomBytes(100));
    const before = await tokens();
    const theirs = await ask([mine, otherItem]);
    expect([theirs.status, theirs.body]).toEqual([
      404,
      { error: `Gallery items not found: ${otherItem}; nothing was changed` },
    ]);
    expect(await ask([otherItem])).toMatchObject({ status: 404, body: { error: 'Gallery item not found' } });
    expect((await ask([2_000_000_000])).status).toBe(404);
    expect(await ask([])).toMatchObject({ status: 400, body: { error: 'Select at least one item' } });
    expect((await ask(Array.from({ length: 1001 }, (_, i) => i + 1))).status).toBe(400);
    expect(await tokens()).toEqual(before);
    // the owner may
    expect((await ask([otherItem], otherToken)).status).toBe(200);
  });

  it('answers 404 with a clear error to an unknown or expired address', async () => {
    const asked = await ask([await item(me, 'Soon gone', 'png', randomBytes(100))]);
    const [key] = (await tokens()).filter((k) => asked.body.url.endsWith(k.split(':').at(-1)!));
    expect(await t.redis.ttl(key!)).toBeGreaterThan(500);
    await t.redis.del(key!);
    const expected = {
      error: 'This download link has expired or does not exist. Select the items and download again.',
    };
    for (const url of [asked.body.url, '/api/gallery/downloads/nope', `/api/gallery/downloads/${'A'.repeat(43)}`]) {
      const res = await fetch(`${t.baseUrl}${url}`);
      const headers = described(res.headers);
      expect([res.status, await res.json()], url).toEqual([404, expected]);
      const asHead = await head(url);
      expect([asHead.status, described(asHead.headers), asHead.bodyBytes], url).toEqual([404, headers, 0]);
    }
  });

  it('sends archived items, leaves out items deleted since, and answers 404 when none is left', async () => {
    const kept = await item(me, 'Archived since', 'png', randomBytes(100));
    const gone = await item(me, 'Deleted since', 'png', randomBytes(100));
    const asked = await ask([kept, gone]);
    await t.db.pool.query(`UPDATE gallery_items SET status = 'archived' WHERE id = $1`, [kept]);
    await t.db.pool.query('DELETE FROM gallery_items WHERE id = $1', [gone]);
    const res = await fetch(`${t.baseUrl}${asked.body.url}`);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="atelier-1-item.zip"');
    expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())))).toEqual([`Archived since-${kept}.png`]);

    await t.db.pool.query('DELETE FROM gallery_items WHERE id = $1', [kept]);
    const none = await fetch(`${t.baseUrl}${asked.body.url}`);
    const headers = described(none.headers);
    expect([none.status, await none.json()]).toEqual([404, { error: 'None of the selected items exist any more' }]);
    const asHead = await head(asked.body.url);
    expect([asHead.status, described(asHead.headers), asHead.bodyBytes]).toEqual([404, headers, 0]);
  });

  it('streams, and a client that goes away mid-download leaves no file open and the server answering', async () => {
    const big = await item(me, 'Big', 'webm', randomBytes(64 * 1024 * 1024));
    const small = await item(me, 'After', 'png', randomBytes(100));
    const asked = await ask([big, small]);
    const stop = new AbortController();
    const res = await fetch(`${t.baseUrl}${asked.body.url}`, { signal: stop.signal });
    const reader = res.body!.getReader();
    try {
      // past the zip's first header, which can arrive before the file is open: into the file's bytes
      for (let received = 0; received < 2 ** 20;) received += (await reader.read()).value!.length;
      // a megabyte comes while most of the file is still unread: nothing waits for the whole zip
      expect(openMediaFiles(t.dataDir).length).toBe(1);
    } finally {
      stop.abort();
    }
    await waitFor('the media file to be closed', () => openMediaFiles(t.dataDir).length === 0, 10_000);
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('answers a HEAD with the status and headers of the GET, and the address still downloads after it', async () => {
    const a = await item(me, 'Checked', 'png', randomBytes(3_000));
    const b = await item(me, 'Checked', 'jpg', randomBytes(4_000));
    const asked = await ask([a, b]);
    const [key] = (await tokens()).filter((k) => asked.body.url.endsWith(k.split(':').at(-1)!));

    const asHead = await head(asked.body.url);
    expect([asHead.status, asHead.bodyBytes]).toEqual([200, 0]);
    expect(asHead.headers['content-disposition']).toBe('attachment; filename="atelier-2-items.zip"');
    // neither used up nor cut short
    expect(await t.redis.ttl(key!)).toBeGreaterThan(500);

    const res = await fetch(`${t.baseUrl}${asked.body.url}`);
    expect(res.status).toBe(200);
    expect(described(asHead.headers)).toEqual(described(res.headers));
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(entries)).toEqual([`Checked-${a}.png`, `Checked-${b}.jpg`]);
    expect(Buffer.from(entries[`Checked-${a}.png`]!).equals(files.get(a)!)).toBe(true);
    expect(Buffer.from(entries[`Checked-${b}.jpg`]!).equals(files.get(b)!)).toBe(true);
  });

  it('answers a HEAD without building the zip or opening a file, however large the items are', async () => {
    const huge = await item(me, 'Huge', 'webm', Buffer.alloc(0));
    // a terabyte of nothing (sparse, no disk used): a HEAD that built the zip would answer only after reading it all
    truncateSync(stored.get(huge)!, 2 ** 40);
    const asked = await ask([huge]);
    const stop = new AbortController();
    const res = await fetch(`${t.baseUrl}${asked.body.url}`, { signal: stop.signal });
    const reader = res.body!.getReader();
    for (let received = 0; received < 2 ** 20;) received += (await reader.read()).value!.length;

    expect(await head(asked.body.url)).toMatchObject({
      status: 200,
      bodyBytes: 0,
      headers: { 'content-disposition': 'attachment; filename="atelier-1-item.zip"' },
    });
    // the GET, a megabyte into the file, has it open; the HEAD has nothing open
    expect(openMediaFiles(t.dataDir).length).toBe(1);
    stop.abort();
    await waitFor('the media file to be closed', () => openMediaFiles(t.dataDir).length === 0, 10_000);
  });

  it('ends with the session it was asked in: a new password or a deleted user, and no one else', async () => {
    const adminToken = await t.login(await t.createUser({ role: 'admin' }));
    const expired = {
      error: 'This download link has expired or does not exist. Select the items and download again.',
    };
    const repassworded = await t.createUser();
    const deleted = await t.createUser();
    const theirs = await item(repassworded, 'Theirs', 'png', randomBytes(100));
    const repasswordedUrl = (await ask([theirs], await t.login(repassworded))).body.url;
    const deletedToken = await t.login(deleted);
    const deletedUrl = (await ask([await item(deleted, 'Gone', 'png', randomBytes(100))], deletedToken)).body.url;
    const mine = await item(me, 'Still mine', 'png', randomBytes(100));
    const myUrl = (await ask([mine])).body.url;

    const newPassword = { token: adminToken, body: { password: 'a brand new password' } };
    expect((await t.request('PUT', `/api/admin/users/${repassworded.id}`, newPassword)).status).toBe(200);
    expect((await t.request('DELETE', `/api/admin/users/${deleted.id}`, { token: adminToken })).status).toBe(200);
    for (const url of [repasswordedUrl, deletedUrl]) {
      const res = await fetch(`${t.baseUrl}${url}`);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual(expired);
    }

    const res = await fetch(`${t.baseUrl}${myUrl}`);
    expect(res.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await res.arrayBuffer())))).toEqual([`Still mine-${mine}.png`]);
    // signed in with the new password, the same user downloads again
    const signedIn = await t.login({ username: repassworded.username, password: 'a brand new password' });
    const again = await fetch(`${t.baseUrl}${(await ask([theirs], signedIn)).body.url}`);
    expect(again.status).toBe(200);
  });
});
