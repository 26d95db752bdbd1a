import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { requestLogger } from './request-logger.js';

interface Line {
  level: number;
  component: string;
  msg: string;
  req: { id: string; method: string; url: string };
  res: { statusCode: number };
  responseTime: number;
}

const LEVEL = { info: 30, warn: 40, error: 50 };

/** The middleware in front of a few routes on a real express server, its lines kept as parsed JSON. */
async function serve(level = 'info') {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const app = express();
  app.use(requestLogger(pino({ level }, sink)));
  app.get('/api/ok', (_req, res) => res.json({ ok: true }));
  app.get('/api/health', (_req, res) => res.json({ status: 'ok' }));
  app.get('/api/broken', (_req, res) => res.status(500).json({ error: 'broken' }));
  // never answers; says when it has the request, so a test aborts only a request the server holds
  let slowArrived!: () => void;
  const slow = new Promise<void>((resolve) => (slowArrived = resolve));
  app.get('/api/slow', () => slowArrived());
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  const close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return { lines, baseUrl, settle, close, slow };
}

describe('requestLogger', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(() => close?.());

  it('writes one line per answered request: id, method, url, status and time, at a level set by the status', async () => {
    const s = await serve();
    close = s.close;
    const ok = await fetch(`${s.baseUrl}/api/ok?x=1`);
    await fetch(`${s.baseUrl}/api/none`);
    await fetch(`${s.baseUrl}/api/broken`);
    await s.settle();
    const id = ok.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.lines.map((l) => [l.level, l.req.url, l.res.statusCode, l.msg])).toEqual([
      [LEVEL.info, '/api/ok?x=1', 200, 'request completed'],
      [LEVEL.warn, '/api/none', 404, 'request completed'],
      [LEVEL.error, '/api/broken', 500, 'request completed'],
    ]);
    expect(s.lines[0]).toMatchObject({ component: 'http', req: { id, method: 'GET' } });
    expect(s.lines[0]!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it("keeps the caller's X-Request-Id when it is a plain token, and makes its own otherwise", async () => {
    const s = await serve();
    close = s.close;
    const kept = await fetch(`${s.baseUrl}/api/ok`, { headers: { 'x-request-id': 'trace-42_a' } });
    const replaced = await fetch(`${s.baseUrl}/api/ok`, { headers: { 'x-request-id': 'two words\tand a tab' } });
    await s.settle();
    expect(kept.headers.get('x-request-id')).toBe('trace-42_a');
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.lines.map((l) => l.req.id)).toEqual(['trace-42_a', replaced.headers.get('x-request-id')]);
  });

  it("writes a signed URL without its signature, which would open the job's media to whoever reads the log", async () => {
    const s = await serve();
    close = s.close;
    await fetch(`${s.baseUrl}/api/ok?exp=1795809600&sig=-niPsecret_AB&sig=again&x=1`);
    await s.settle();
    expect(s.lines.map((l) => l.req.url)).toEqual(['/api/ok?exp=1795809600&sig=[redacted]&sig=[redacted]&x=1']);
  });

  it('leaves health checks out of the log, though they still carry a request id', async () => {
    const s = await serve();
    close = s.close;
    const res = await fetch(`${s.baseUrl}/api/health`);
    await s.settle();
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(s.lines).toEqual([]);
  });

  it('logs a request whose caller went away before the answer as aborted, at warn', async () => {
    const s = await serve();
    close = s.close;
    const controller = new AbortController();
    const pending = fetch(`${s.baseUrl}/api/slow`, { signal: controller.signal }).catch(() => 'aborted');
    await s.slow;
    controller.abort();
    expect(await pending).toBe('aborted');
    await expect.poll(() => s.lines.length).toBe(1);
    expect(s.lines.map((l) => [l.level, l.req.url, l.msg])).toEqual([[LEVEL.warn, '/api/slow', 'request aborted']]);
  });

  it('writes only what the level lets through', async () => {
    const s = await serve('warn');
    close = s.close;
    await fetch(`${s.baseUrl}/api/ok`);
    await fetch(`${s.baseUrl}/api/none`);
    await s.settle();
    expect(s.lines.map((l) => l.res.statusCode)).toEqual([404]);
  });
});
