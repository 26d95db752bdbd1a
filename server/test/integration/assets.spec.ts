import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';

type Answer<T> = T & { error?: string };

function image(format: 'png' | 'jpeg' | 'webp' | 'gif', colour = '#3b82f6'): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

describe('assets', () => {
  let t: TestApp;
  let dataDir: string;
  let alice: TestUser;
  let aliceToken: string;
  let bobToken: string;
  let adminToken: string;

  async function upload(
    bytes: Buffer,
    {
      name = 'picture.png',
      type = 'image/png',
      token = aliceToken,
      displayName,
    }: { name?: string; type?: string; token?: string | null; displayName?: string } = {},
  ) {
    const form = new FormData();
    if (displayName !== undefined) form.set('display_name', displayName);
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${t.baseUrl}/api/assets`, {
      method: 'POST',
      body: form,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, body: (await res.json()) as Answer<Asset> };
  }
  const assetFile = (...segments: string[]) => path.join(dataDir, 'assets', ...segments);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-assets-'));
    t = await startTestApp({ DATA_DIR: dataDir });
    alice = await t.createUser();
    aliceToken = await t.login(alice);
    bobToken = await t.login(await t.createUser());
    adminToken = await t.login(await t.createUser({ role: 'admin' }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores an uploaded image by its hash with a WebP thumbnail, served by signed URLs', async () => {
    const bytes = await image('png');
    const res = await upload(bytes, { displayName: ' Blue backdrop ' });
    expect(res.status).toBe(201);
    const hash = sha256(bytes);
    expect(res.body).toEqual({
      id: expect.any(Number),
      type: 'image',
      filename: `${hash}.png`,
      display_name: 'Blue backdrop',
      url: expect.stringMatching(new RegExp(`^/api/media/assets/${hash}\\.png\\?exp=\\d+&sig=`)),
      thumbnail_url: expect.stringMatching(new RegExp(`^/api/media/assets/thumbs/${hash}\\.webp\\?exp=\\d+&sig=`)),
    });
    expect(existsSync(assetFile(`${hash}.png`))).toBe(true);

    const original = await fetch(`${t.baseUrl}${res.body.url}`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
    const thumbnail = Buffer.from(await (await fetch(`${t.baseUrl}${res.body.thumbnail_url}`)).arrayBuffer());
    const meta = await sharp(thumbnail).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('lists assets newest first without a token (the Generate dashboard sends none)', async () => {
    const newest = await upload(await image('png', '#ff0000'), { name: 'red square.PNG' });
    const res = await t.request<Asset[]>('GET', '/api/assets');
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual(newest.body);
    expect(newest.body.display_name).toBe('red square');
  });

  it('recognises JPEG, WebP and GIF by content, whatever the name and declared type', async () => {
    for (const [format, ext] of [
      ['jpeg', 'jpg'],
      ['webp', 'webp'],
      ['gif', 'gif'],
    ] as const) {
      const bytes = await image(format, '#10b981');
      const res = await upload(bytes, { name: 'misleading.txt', type: 'text/plain' });
      expect(res.status, format).toBe(201);
      expect(res.body.filename).toBe(`${sha256(bytes)}.${ext}`);
    }
  });

  it('keeps the same image once: a second upload answers the stored asset', async () => {
    const bytes = await image('png', '#8b5cf6');
    const first = await upload(bytes);
    const again = await upload(bytes, { name: 'copy.png', token: bobToken });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM assets WHERE sha256 = $1', [sha256(bytes)]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses what is not a PNG, JPEG, WebP or GIF image, storing nothing', async () => {
    const before = readdirSync(assetFile()).length;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const truncated = (await image('png', '#f97316')).subarray(0, 200);
    const tiff = await image('png', '#f59e0b').then((png) => sharp(png).tiff().toBuffer());
    for (const [label, bytes] of [
      ['text', Buffer.from('#!/bin/sh\necho not an image\n')],
      ['svg', svg],
      ['truncated', truncated],
      ['tiff', tiff],
    ] as const) {
      const res = await upload(bytes, { name: 'evil.png', type: 'image/png' });
      expect(res.status, label).toBe(400);
      expect(res.body.error).toBe('Only PNG, JPEG, WebP or GIF images can be uploaded');
    }
    expect(readdirSync(assetFile()).length).toBe(before);
  });

  it('refuses a page or script disguised as an image by its name or a forged signature, storing nothing', async () => {
    const rows = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM assets')).rows[0].n as number;
    const [filesBefore, rowsBefore] = [readdirSync(assetFile()).length, await rows()];
    const page = '<!doctype html><html><body><script>fetch("/api/session")</script></body></html>';
    const png = await image('png', '#22c55e');
    const cases: Array<[string, Buffer]> = [
      ['html', Buffer.from(page)],
      [
        'svg with a script',
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4">' +
            '<script>alert(document.cookie)</script><rect width="4" height="4"/></svg>',
        ),
      ],
      ['GIF signature before a page', Buffer.concat([Buffer.from('GIF89a'), Buffer.from(page)])],
      ['PNG signature before a page', Buffer.concat([png.subarray(0, 8), Buffer.from(page)])],
      ['PDF', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')],
      ['ZIP', Buffer.from('504b0304140000000800', 'hex')],
    ];
    for (const [label, bytes] of cases) {
      const res = await upload(bytes, { name: 'photo.png', type: 'image/png' });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual({ error: 'Only PNG, JPEG, WebP or GIF images can be uploaded' });
    }
    expect(readdirSync(assetFile()).length).toBe(filesBefore);
    expect(await rows()).toBe(rowsBefore);
  });

  it('refuses a request without a file, a file over 20 MB and a long display name', async () => {
    const form = new FormData();
    form.set('display_name', 'nothing attached');
    const empty = await fetch(`${t.baseUrl}/api/assets`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'Please choose a file to upload' });

    const big = await upload(randomBytes(20 * 1024 * 1024 + 1), { name: 'huge.png' });
    expect(big.status).toBe(413);
    expect(big.body.error).toBe('The file is too large: the limit is 20 MB');

    const longName = await upload(await image('png', '#06b6d4'), { displayName: 'x'.repeat(201) });
    expect(longName.status).toBe(400);
    expect(longName.body.error).toBe('Display name must be at most 200 characters');

    // a form that names the asset twice (two display_name fields) says which field is wrong
    const twice = new FormData();
    twice.append('display_name', 'first');
    twice.append('display_name', 'second');
    twice.set('file', new Blob([new Uint8Array(await image('png', '#0e7490'))], { type: 'image/png' }), 'twice.png');
    const named = await fetch(`${t.baseUrl}/api/assets`, {
      method: 'POST',
      body: twice,
      headers: { authorization: `Bearer ${aliceToken}` },
    });
    const answer = (await named.json()) as { error: string };
    expect([named.status, answer.error]).toEqual([400, 'Display name must be one text']);
  });

  it('names an asset after its file, control characters of the file name dropped rather than failing', async () => {
    const send = async (disposition: string, bytes: Buffer) => {
      const boundary = `----atelier${randomBytes(8).toString('hex')}`;
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n`),
        Buffer.from('Content-Type: image/png\r\n\r\n'),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await fetch(`${t.baseUrl}/api/assets`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${aliceToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      return { status: res.status, body: (await res.json()) as Answer<Asset> };
    };
    const encoded = await send(`filename*=utf-8''night%00%07shift%1B.png`, await image('png', '#101010'));
    expect([encoded.status, encoded.body.display_name]).toEqual([201, 'nightshift']);
    const raw = await send('filename="dawn\u0000\u0001.png"', await image('png', '#fafafa'));
    // raw control bytes in a part header are not HTTP: the parser refuses the request as a whole
    expect([raw.status, raw.body]).toEqual([400, { error: 'Multipart: Malformed part header' }]);
    const nothingLeft = await send(`filename*=utf-8''%00%01.png`, await image('png', '#808080'));
    expect(nothingLeft.status).toBe(201);
    expect(nothingLeft.body.display_name).toBe(nothingLeft.body.filename);
  });

  it('lists no asset under a blank or reversed name: invisible and bidi characters are taken out of it', async () => {
    const named = async (colour: string, options: { name?: string; displayName?: string }) => {
      const res = await upload(await image('png', colour), options);
      expect(res.status).toBe(201);
      return res.body;
    };
    // U+202E shows 'gnp.exe' as 'exe.png' in every user's asset picker
    expect((await named('#111111', { displayName: '\u202egnp.exe' })).display_name).toBe('gnp.exe');
    expect((await named('#121212', { name: '\u202egnp.exe.png' })).display_name).toBe('gnp.exe');
    expect((await named('#131313', { displayName: 'night\u0007\u200bshift' })).display_name).toBe('nightshift');
    // nothing that shows: named after its file, as with no display name at all
    expect((await named('#141414', { name: 'dusk.png', displayName: '\u200b\u3164' })).display_name).toBe('dusk');
    const blankFile = await named('#151515', { name: '\u200b.png' });
    expect(blankFile.display_name).toBe(blankFile.filename);
    expect((await named('#161616', { displayName: 'Cafe\u0301' })).display_name).toBe('Caf\u00e9');
    const listed = (await t.request<Asset[]>('GET', '/api/assets')).body.map((a) => a.display_name);
    expect(listed.slice(0, 6)).toEqual(['Caf\u00e9', blankFile.filename, 'dusk', 'nightshift', 'gnp.exe', 'gnp.exe']);
  });

  it('needs sign-in to upload or delete', async () => {
    expect((await upload(await image('png'), { token: null })).status).toBe(401);
    expect((await t.request('DELETE', '/api/assets/1')).status).toBe(401);
  });

  it('lets the uploader or an admin delete an asset and its files; anyone else gets 404', async () => {
    const bytes = await image('webp', '#ec4899');
    const mine = (await upload(bytes)).body;
    const hash = sha256(bytes);

    const bobs = await t.request<Answer<object>>('DELETE', `/api/assets/${mine.id}`, { token: bobToken });
    expect(bobs.status).toBe(404);
    expect(bobs.body.error).toBe('Asset not found');

    expect((await t.request('DELETE', `/api/assets/${mine.id}`, { token: aliceToken })).status).toBe(200);
    expect(existsSync(assetFile(`${hash}.webp`))).toBe(false);
    expect(existsSync(assetFile('thumbs', `${hash}.webp`))).toBe(false);
    expect((await t.request<Asset[]>('GET', '/api/assets')).body.map((a) => a.id)).not.toContain(mine.id);
    expect((await t.request('DELETE', `/api/assets/${mine.id}`, { token: aliceToken })).status).toBe(404);

    const another = (await upload(await image('gif', '#64748b'))).body;
    expect((await t.request('DELETE', `/api/assets/${another.id}`, { token: adminToken })).status).toBe(200);
    for (const id of ['abc', '0', '99999999999'])
      expect((await t.request('DELETE', `/api/assets/${id}`, { token: adminToken })).status, id).toBe(400);
  });
});
