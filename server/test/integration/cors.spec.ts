import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('CORS when CORS_ORIGINS is configured', () => {
  let t: TestApp;
  const allowed = 'https://tools.example.com';

  beforeAll(async () => {
    t = await startTestApp({ CORS_ORIGINS: `${allowed}, https://other.example.com` });
  });
  afterAll(() => t.close());

  it('lets the configured origins call the API and read the paging header, and no other origin', async () => {
    const preflight = await fetch(`${t.baseUrl}/api/gallery`, {
      method: 'OPTIONS',
      headers: {
        origin: allowed,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(allowed);

    const token = await t.login(await t.createUser());
    const res = await fetch(`${t.baseUrl}/api/gallery`, {
      headers: { origin: allowed, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Next-Cursor');

    const stranger = await fetch(`${t.baseUrl}/api/health`, { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the socket.io polling handshake of a configured origin with CORS headers', async () => {
    const res = await fetch(`${t.baseUrl}/socket.io/?EIO=4&transport=polling`, { headers: { origin: allowed } });
    expect(res.headers.get('access-control-allow-origin')).toBe(allowed);
  });
});
