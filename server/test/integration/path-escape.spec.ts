import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaUrlSigner } from '../../src/media/media-url-signer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SECRET = 'the contents of a file outside the data directory';

/**
 * Media URLs are signed, so a caller cannot make one up; these sign hostile paths with the
 * server's own key, as a leaked or forged-by-bug URL would be, and the server must still serve
 * nothing outside the media roots: not by `..` in any spelling, not through a symbolic link.
 */
describe('media paths cannot leave their roots', () => {
  let t: TestApp;
  let dataDir: string;
  let outside: string;
  let signer: MediaUrlSigner;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-escape-'));
    outside = mkdtempSync(path.join(os.tmpdir(), 'atelier-outside-'));
    writeFileSync(path.join(outside, 'secret.txt'), SECRET);
    mkdirSync(path.join(dataDir, 'media', '7'), { recursive: true });
    writeFileSync(path.join(dataDir, 'media', '7', 'ok.png'), 'a real image');
    writeFileSync(path.join(dataDir, 'secret.txt'), SECRET);
    symlinkSync(path.join(outside, 'secret.txt'), path.join(dataDir, 'media', '7', 'link.png'));
    symlinkSync(outside, path.join(dataDir, 'media', '8'));
    t = await startTestApp({ DATA_DIR: dataDir });
    signer = t.app.get(MediaUrlSigner);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('serves a signed file inside the root', async () => {
    const res = await fetch(`${t.baseUrl}${signer.sign('media/7/ok.png')}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('a real image');
  });

  it.each([
    ['a symbolic link to a file outside', 'media/7/link.png'],
    ['a file under a linked directory', 'media/8/secret.txt'],
  ])('answers 404 for %s', async (_, relative) => {
    const res = await fetch(`${t.baseUrl}${signer.sign(relative)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(SECRET);
  });

  it.each([
    'media/../secret.txt',
    'media/7/../../secret.txt',
    'media/%2e%2e/secret.txt',
    'media/%252e%252e/secret.txt',
    'media/..%2fsecret.txt',
    'media/7/..%5c..%5csecret.txt',
    'media\\..\\secret.txt',
    '/etc/passwd',
    'media/7/ok.png%00.txt',
    `media/${'../'.repeat(20)}etc/passwd`,
  ])('answers 404 for the signed path %s', async (relative) => {
    const url = signer.sign(relative);
    const res = await fetch(`${t.baseUrl}${url}`);
    expect(res.status, url).toBe(404);
    expect(await res.text()).not.toContain(SECRET);
  });
});
