import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** `name;dur=x, …` -> { name: x } */
function timings(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*(\w+);dur=(\d+\.\d{2})\s*$/.exec(part);
    if (!match) throw new Error(`not a Server-Timing metric: "${part}" in "${header}"`);
    out[match[1]!] = Number(match[2]);
  }
  return out;
}

describe('Server-Timing on API answers', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.login(await t.createUser());
  });
  afterAll(() => t.close());

  it('gives an authenticated call the token and session check, then the whole time in the API', async () => {
    const res = await fetch(`${t.baseUrl}/api/gallery/count`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const header = res.headers.get('server-timing');
    expect(header).toMatch(/^auth;dur=[\d.]+, app;dur=[\d.]+$/);
    const { auth, app } = timings(header);
    expect(auth).toBeGreaterThan(0);
    expect(app).toBeGreaterThanOrEqual(auth!);
  });

  it('times a refused token too, and a public or unknown route without an auth part', async () => {
    const refused = await fetch(`${t.baseUrl}/api/gallery/count`, { headers: { authorization: 'Bearer nope' } });
    expect(refused.status).toBe(401);
    expect(Object.keys(timings(refused.headers.get('server-timing')))).toEqual(['auth', 'app']);
    for (const [path, status] of [
      ['/api/health', 200],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await fetch(`${t.baseUrl}${path}`);
      expect(res.status, path).toBe(status);
      expect(Object.keys(timings(res.headers.get('server-timing'))), path).toEqual(['app']);
    }
  });
});
