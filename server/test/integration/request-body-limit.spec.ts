import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const LIMIT = 2 * 1024 * 1024;

/** A wrapped base workflow of about `bytes`, pretty-printed as the editor keeps it. */
function largeWorkflow(bytes: number): string {
  const workflow: Record<string, unknown> = {};
  let text = '';
  for (let node = 1; text.length < bytes; node += 200) {
    for (let i = node; i < node + 200; i++)
      workflow[String(i)] = {
        class_type: 'CLIPTextEncode',
        inputs: { text: `a prompt for node ${i}`, clip: ['4', 1] },
      };
    text = JSON.stringify({ name: 'Large', workflow, configurable_params: {} }, null, 2);
  }
  return text;
}

describe('JSON request body limit (default 2 MB)', () => {
  let t: TestApp;
  let admin: string;

  const post = (path: string, body: Buffer | string, headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, ...headers },
      body,
    });
  const fileCount = async () =>
    (await t.request<unknown[]>('GET', '/api/base-workflows', { token: admin })).body.length;

  beforeAll(async () => {
    t = await startTestApp({ SAMPLE_CATALOGUE: 'true' });
    admin = await t.login(await t.createUser({ role: 'admin' }));
  });
  afterAll(() => t.close());

  it('takes the largest legitimate body, a base workflow save of over 1 MB', async () => {
    const content = largeWorkflow(1024 * 1024);
    const body = JSON.stringify({ name: 'large', content });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    expect(body.length).toBeLessThan(LIMIT);
    const res = await post('/api/base-workflows', body);
    expect(res.status).toBe(201);
    const saved = await t.request<{ raw_content: string }>('GET', '/api/base-workflows/large.json', { token: admin });
    expect(saved.body.raw_content).toBe(`${content}\n`);
  });

  it('answers 413 with a JSON error for a larger body, before any route runs', async () => {
    const before = await fileCount();
    const body = JSON.stringify({ name: 'too-large', content: largeWorkflow(LIMIT) });
    expect(body.length).toBeGreaterThan(LIMIT);
    const res = await post('/api/base-workflows', body);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'Request body is larger than 2 MB' });
    expect(await fileCount()).toBe(before);

    const login = await fetch(`${t.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x', password: 'y'.repeat(LIMIT) }),
    });
    expect(login.status).toBe(413);
    expect(await login.json()).toEqual({ error: 'Request body is larger than 2 MB' });
  });

  it('answers 415 for a body that is not JSON, instead of reading it as missing fields', async () => {
    const folders = async () => (await t.request<unknown[]>('GET', '/api/folders', { token: admin })).body.length;
    const before = await folders();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const res = await post('/api/folders', JSON.stringify({ name: 'Typed' }), { 'content-type': type });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ error: 'Content-Type must be application/json' });
    }
    expect(await folders()).toBe(before);
    const json = await post('/api/folders', JSON.stringify({ name: 'Typed' }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(json.status).toBe(201);
    // the +json kinds let through are read as JSON too, not as a body with no fields
    for (const [i, type] of ['application/vnd.api+json', 'application/merge-patch+json'].entries()) {
      const res = await post('/api/folders', JSON.stringify({ name: `Typed ${i}` }), { 'content-type': type });
      expect(res.status, type).toBe(201);
      expect(await res.json(), type).toMatchObject({ name: `Typed ${i}` });
    }
    // a request without a body needs no type
    const empty = await fetch(`${t.baseUrl}/api/folders`, { headers: { authorization: `Bearer ${admin}` } });
    expect(empty.status).toBe(200);
  });

  it('counts a compressed body by its inflated size', async () => {
    const inflated = JSON.stringify({ name: 'bomb', content: ' '.repeat(LIMIT) });
    const compressed = gzipSync(inflated);
    expect(compressed.length).toBeLessThan(64 * 1024);
    const res = await post('/api/base-workflows', compressed, { 'content-encoding': 'gzip' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body is larger than 2 MB' });

    const small = gzipSync(JSON.stringify({ name: 'zipped', content: '{"a": 1}' }));
    expect((await post('/api/base-workflows', small, { 'content-encoding': 'gzip' })).status).toBe(201);
  });
});
