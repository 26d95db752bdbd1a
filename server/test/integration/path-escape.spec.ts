import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BaseWorkflowStore } from '../../src/base-workflows/base-workflow-store.js';
import { MediaUrlSigner } from '../../src/media/media-url-signer.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SECRET = 'the contents of a file outside the data directory';

/** fetch normalises `..` and `%2e%2e` away; http.request sends the path exactly as written. */
function rawRequest(
  baseUrl: string,
  method: string,
  rawPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

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
    const res = await rawRequest(t.baseUrl, 'GET', url);
    expect(res.status, url).toBe(404);
    expect(res.text).not.toContain(SECRET);
  });
});

describe('base workflow names cannot leave the repository', () => {
  let t: TestApp;
  let token: string;
  let outside: string;

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.login(await t.createUser({ role: 'admin' }));
    outside = mkdtempSync(path.join(os.tmpdir(), 'atelier-outside-'));
    writeFileSync(path.join(outside, 'secret.json'), JSON.stringify({ secret: SECRET }));
    // a link left inside the repository (a careless restore), pointing out of it
    symlinkSync(path.join(outside, 'secret.json'), path.join(t.app.get(BaseWorkflowStore).dir, 'linked.json'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  it.each([
    `..%2f..%2fsecret.json`,
    '%2e%2e%2fsecret.json',
    '%252e%252e%252fsecret.json',
    '..%5csecret.json',
    'secret.json%00.json',
    'linked.json',
  ])('%s is neither read, written through nor removed', async (name) => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await rawRequest(t.baseUrl, method, `/api/base-workflows/${name}`, {
        token,
        body: method === 'PUT' ? { content: JSON.stringify({ overwritten: true }) } : undefined,
      });
      expect(res.status, `${method} ${name}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${name}`).toBeLessThan(500);
      expect(res.text, `${method} ${name}`).not.toContain(SECRET);
    }
    expect(readFileSync(path.join(outside, 'secret.json'), 'utf8')).toContain(SECRET);
  });

  it('leaves the link, and a folder named like a file, out of the list; the files beside them stay usable', async () => {
    const dir = t.app.get(BaseWorkflowStore).dir;
    mkdirSync(path.join(dir, 'folder.json'));
    const created = await rawRequest(t.baseUrl, 'POST', '/api/base-workflows', {
      token,
      body: { name: 'beside-the-link', content: '{"1": {"inputs": {"text": "override_beside"}}}' },
    });
    expect(created.status).toBe(201);
    const list = await rawRequest(t.baseUrl, 'GET', '/api/base-workflows', { token });
    expect(list.status).toBe(200);
    const names = (JSON.parse(list.text) as Array<{ name: string }>).map((f) => f.name);
    expect(names).toContain('beside-the-link.json');
    expect(names).not.toContain('linked.json');
    expect(names).not.toContain('folder.json');
    expect(list.text).not.toContain(SECRET);
    const missing = await rawRequest(t.baseUrl, 'GET', '/api/override-definitions/missing-keys', { token });
    expect(JSON.parse(missing.text)).toMatchObject({
      missing_keys_by_workflow: { 'beside-the-link': ['override_beside'] },
    });
    rmSync(path.join(dir, 'folder.json'), { recursive: true });
  });
});
