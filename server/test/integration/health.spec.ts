import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is public and reports the database and Redis as up', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('keeps idle connections longer than a 5 s poll and a 60 s proxy idle timeout', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });
});

describe('GET /api/health with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // port 1 on loopback: nothing listens there
    t = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t.close());

  it('answers 503 and names Redis as down', async () => {
    const res = await t.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });
  });
});
