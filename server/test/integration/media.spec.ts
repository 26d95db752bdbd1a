import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaUrlSigner } from '../../src/media/media-url-signer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/media/* (signed URLs)', () => {
  let t: TestApp;
  let dataDir: string;
  let signer: MediaUrlSigner;
  let volumeDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-media-'));
    mkdirSync(path.join(dataDir, 'media', '7'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', '7', 'clip.webm'), 'not really a video');
    writeFileSync(path.join(dataDir, 'secret.txt'), 'outside the media roots');
    for (const job of ['30', '31']) {
      mkdirSync(path.join(dataDir, 'media', '7', job, 'thumbs'), { recursive: true });
      writeFileSync(path.join(dataDir, 'media', '7', job, '0_0.png'), `image of job ${job}`);
      writeFileSync(path.join(dataDir, 'media', '7', job, 'thumbs', '0_0.webp'), `thumbnail of job ${job}`);
    }
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'the signing key');
    symlinkSync(path.join(dataDir, 'jwt-secret'), path.join(dataDir, 'media', '7', '30', 'linked.png'));
    // a provider's outputs keep their own extension when their type is not one we know
    writeFileSync(path.join(dataDir, 'media', '7', '30', '1_0.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(dataDir, 'media', '7', '30', '2_0.html'), '<form>Your session expired</form>');
    // media on another volume: the root itself a link
    const volume = mkdtempSync(path.join(os.tmpdir(), 'atelier-volume-'));
    mkdirSync(path.join(volume, '9', '40'), { recursive: true });
    writeFileSync(path.join(volume, '9', '40', '0_0.png'), 'image on another volume');
    volumeDir = volume;
    t = await startTestApp({ DATA_DIR: dataDir });
    signer = t.app.get(MediaUrlSigner);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(volumeDir, { recursive: true, force: true });
  });

  it('serves a signed file without a bearer token, with an ETag and long private caching', async () => {
    const url = signer.sign('media/7/clip.webm');
    expect(url).toMatch(/^\/api\/media\/media\/7\/clip\.webm\?exp=\d+&sig=/);
    const res = await fetch(`${t.baseUrl}${url}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('not really a video');
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d{5}, immutable$/);

    const again = await fetch(`${t.baseUrl}${url}`, {
      // fetch adds `Cache-Control: no-cache` to conditional requests unless told otherwise; a browser revalidating sends max-age=0
      headers: { 'if-none-match': res.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
  });

  it('keeps the same URL within the hour, so the browser cache hits', () => {
    const now = Date.UTC(2026, 0, 1, 10, 5);
    expect(signer.sign('media/7/clip.webm', now)).toBe(signer.sign('media/7/clip.webm', now + 10 * 60_000));
  });

  it('answers 404 for a tampered, missing or expired signature', async () => {
    const url = signer.sign('media/7/clip.webm');
    const tampered = url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
    const expired = signer.sign('media/7/clip.webm', Date.now() - 3 * 24 * 3600 * 1000);
    for (const bad of [tampered, url.replace(/&sig=.*/, ''), expired, url.replace('clip.webm', 'clip2.webm')]) {
      const res = await fetch(`${t.baseUrl}${bad}`);
      expect(res.status, bad).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('never serves a path outside the media roots, even when signed', async () => {
    for (const rel of [
      'secret.txt',
      'media/../secret.txt',
      'media/%2e%2e/secret.txt',
      '../etc/passwd',
      'media//7/clip.webm',
    ]) {
      const res = await fetch(`${t.baseUrl}${signer.sign(rel)}`);
      expect(res.status, rel).toBe(404);
    }
  });

  it("signs a job's directory once: its other files share the signature, another job's files do not", async () => {
    const image = signer.sign('media/7/30/0_0.png');
    const thumb = signer.sign('media/7/30/thumbs/0_0.webp');
    expect(new URL(thumb, t.baseUrl).searchParams.get('sig')).toBe(new URL(image, t.baseUrl).searchParams.get('sig'));
    const res = await fetch(`${t.baseUrl}${image.replace('0_0.png', 'thumbs/0_0.webp')}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('thumbnail of job 30');
    const otherJob = await fetch(`${t.baseUrl}${image.replace('/30/', '/31/')}`);
    expect(otherJob.status).toBe(404);
    const otherUser = await fetch(`${t.baseUrl}${image.replace('/7/30/', '/8/30/')}`);
    expect(otherUser.status).toBe(404);
  });

  it('answers 404 for a signed path to a file that does not exist', async () => {
    const res = await fetch(`${t.baseUrl}${signer.sign('media/7/none.png')}`);
    expect(res.status).toBe(404);
  });

  it('never follows a link under the media root out of it, into the data directory', async () => {
    const res = await fetch(`${t.baseUrl}${signer.sign('media/7/30/linked.png')}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('the signing key');
  });

  it('serves an assets root that is a link to another volume', async () => {
    symlinkSync(volumeDir, path.join(dataDir, 'assets'));
    const res = await fetch(`${t.baseUrl}${signer.sign('assets/9/40/0_0.png')}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('image on another volume');
  });

  it('shows images and videos in the page, and only downloads other files, sandboxed', async () => {
    const image = await fetch(`${t.baseUrl}${signer.sign('media/7/30/0_0.png')}`);
    expect(image.headers.get('content-disposition')).toBeNull();
    expect(image.headers.get('content-security-policy')).not.toMatch(/sandbox/);
    for (const [file, type] of [
      ['1_0.svg', 'image/svg+xml'],
      ['2_0.html', 'text/html; charset=utf-8'],
    ]) {
      const res = await fetch(`${t.baseUrl}${signer.sign(`media/7/30/${file}`)}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe(type);
      expect(res.headers.get('content-disposition'), file).toBe('attachment');
      expect(res.headers.get('content-security-policy'), file).toMatch(/script-src 'self'.*; sandbox$/);
    }
  });
});
