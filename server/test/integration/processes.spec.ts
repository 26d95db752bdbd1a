import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const DIST = path.resolve(import.meta.dirname, '../../dist');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(
  entry: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  if (!existsSync(path.join(DIST, entry)))
    throw new Error(`server/dist/${entry} is missing: run \`npm run build\` first`);
  let out = '';
  const child = spawn(process.execPath, [path.join(DIST, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

describe('the API and worker processes', () => {
  let db: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'), { migrate: false });
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: inject('redisUrl'),
      REDIS_KEY_PREFIX: `proc_${process.pid}`,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'process-test-pw',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'atelier-proc-')),
    };
  });
  afterAll(async () => {
    await db.drop();
    rmSync(env.DATA_DIR!, { recursive: true, force: true });
    const redis = new Redis(env.REDIS_URL!);
    const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('the worker starts, migrates, connects, and stops cleanly on SIGTERM', async () => {
    const worker = start('worker.js', env);
    await waitFor(() => worker.output().includes('Atelier worker is ready'), 30_000);
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM schema_migrations`);
    expect(rows[0].n).toBe(MIGRATIONS.length);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('shutdown complete');
  });

  it('the worker stops cleanly on Ctrl-C under npm start: SIGINT from the terminal, then SIGTERM from the launcher', async () => {
    // one request to stop, delivered twice: taking the launcher's SIGTERM for an impatient second
    // signal exited 1 at once, leaving a running job to wait out its lock
    const worker = start('worker.js', env);
    await waitFor(() => worker.output().includes('Atelier worker is ready'), 30_000);
    worker.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 5));
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('shutdown complete');
    expect(worker.output()).not.toContain('exiting now');
  });

  it('the API serves, finishes a request in flight on SIGTERM, then exits 0', async () => {
    const port = await freePort();
    const api = start('main.js', { ...env, PORT: String(port), HOST: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 30_000);

    const login = fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'process-test-pw' }),
    });
    await new Promise((r) => setTimeout(r, 5));
    api.child.kill('SIGTERM');
    expect((await login).status).toBe(200);
    expect(await api.exited).toBe(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });

  it('with PORT=0 listens on a free port and logs that port, not 0', async () => {
    const api = start('main.js', { ...env, PORT: '0', HOST: '127.0.0.1' });
    try {
      await waitFor(() => api.output().includes('Atelier API is listening'), 30_000);
      const url = /"url":"(http:\/\/localhost:\d+)"/.exec(api.output())?.[1];
      expect(url).not.toBe('http://localhost:0');
      expect((await fetch(`${url!.replace('localhost', '127.0.0.1')}/api/health`)).status).toBe(200);
    } finally {
      api.child.kill('SIGTERM');
    }
    expect(await api.exited).toBe(0);
  });

  it('refuses to start with a bad configuration, naming every bad key', async () => {
    const api = start('main.js', { ...env, PORT: 'eighty', NODE_ENV: 'production', JWT_SECRET: '' });
    expect(await api.exited).toBe(78);
    expect(api.output()).toContain('PORT');
    expect(api.output()).toContain('JWT_SECRET');
  });
});
