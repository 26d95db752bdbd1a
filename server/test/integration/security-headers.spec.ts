import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@atelier/shared';
import { StoredKeyEncryption } from '../../src/users/stored-key-encryption.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('security headers, CORS closed by default, secrets encrypted at rest', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    adminToken = await t.login(await t.createUser({ role: 'admin' }));
  });
  afterAll(() => t.close());

  it('sends a CSP, frame denial and no-sniff on every answer, API or not, success or error', async () => {
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/jobs', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status, path).toBe(status);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-powered-by'), path).toBeNull();
      // JSON answers are not hashed for an ETag (media files keep theirs: media.spec)
      expect(res.headers.get('etag'), path).toBeNull();
    }
  });

  it('answers a page of another origin without CORS headers, preflight included', async () => {
    const origin = 'https://elsewhere.example';
    const simple = await fetch(`${t.baseUrl}/api/health`, { headers: { origin } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${t.baseUrl}/api/jobs`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('keeps EOK API keys encrypted in the database, the admin view still showing their first 12 characters', async () => {
    const key = 'eok_live_0123456789abcdefghij';
    const created = await t.request<AdminUser>('POST', '/api/admin/users', {
      token: adminToken,
      body: { username: 'keyholder', email: 'k@example.test', password: 'long enough', eok_api_key: key },
    });
    expect(created.status).toBe(201);
    const row = async () =>
      (await t.db.pool.query<{ eok_api_key: string }>('SELECT eok_api_key FROM users WHERE id = $1', [created.body.id]))
        .rows[0]!.eok_api_key;
    const first = await row();
    expect(first).toMatch(/^enc:v1:/);
    expect(first).not.toContain(key.slice(0, 6));

    const changed = await t.request<AdminUser>('PUT', `/api/admin/users/${created.body.id}`, {
      token: adminToken,
      body: { email: 'k@example.test', role: 'user', eok_api_key: 'eok_live_another_key_000' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.eok_api_key).toBe('eok_live_ano');
    expect(await row()).toMatch(/^enc:v1:/);
    expect(await row()).not.toBe(first);
  });

  it('encrypts keys stored in plaintext before this version when the API starts', async () => {
    const legacy = await t.createUser({ username: 'legacy' });
    await t.db.pool.query(`UPDATE users SET eok_api_key = 'eok_legacy_plaintext_key' WHERE id = $1`, [legacy.id]);
    const before = await t.request<AdminUser[]>('GET', '/api/admin/users', { token: adminToken });
    expect(before.body.find((u) => u.id === legacy.id)?.eok_api_key).toBe('eok_legacy_p');

    await t.app.get(StoredKeyEncryption).onApplicationBootstrap();
    const { rows } = await t.db.pool.query<{ eok_api_key: string }>('SELECT eok_api_key FROM users WHERE id = $1', [
      legacy.id,
    ]);
    expect(rows[0]!.eok_api_key).toMatch(/^enc:v1:/);
    const after = await t.request<AdminUser[]>('GET', '/api/admin/users', { token: adminToken });
    expect(after.body.find((u) => u.id === legacy.id)?.eok_api_key).toBe('eok_legacy_p');
  });
});
