import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { TestProject } from 'vitest/node';
import { resolveTestServices } from '../../server/test/support/test-services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eDatabaseUrl: string;
    e2eAdmin: { username: string; password: string };
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not become healthy in ${timeoutMs} ms:\n${output()}`);
}

/** Starts the built API and a worker against a database of their own. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const built of ['server/dist/main.js', 'client/dist/index.html']) {
    if (!existsSync(path.join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const services = await resolveTestServices();
  const dbName = `atelier_e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: services.databaseAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(services.databaseAdminUrl), { pathname: `/${dbName}` }).toString();

  const redisKeyPrefix = `e2e_${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-'));
  const adminUser = { username: 'admin', password: `e2e-${randomBytes(8).toString('hex')}` };
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: services.redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: adminUser.username,
    ADMIN_PASSWORD: adminUser.password,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // quick enough for specs, slow enough that a job is seen moving through the queue
    BUILTIN_ITEM_DELAY_MS: process.env.E2E_ITEM_DELAY_MS ?? '400',
    // a job runs whole before one waiting behind it starts (round robin by slices is pipeline.spec's):
    // a spec that shows a job waiting sees it wait for as long as the running ones run, however busy
    // the machine, not only for the first 10 items
    JOB_SLICE_ITEMS: '1000',
    // every browser context signs in from 127.0.0.1: the default 100 per address in 15 minutes is
    // for the many people behind one address, and this suite alone signs in more often than that
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  };
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (process.env.E2E_LOG_LEVEL) process.stderr.write(chunk);
  };
  const startProcess = (entry: string) => {
    const child = spawn(process.execPath, [path.join(ROOT, entry)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    return child;
  };
  const api = startProcess('server/dist/main.js');
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, 60_000, () => output);
  // the worker after the API, which migrates and creates the sample catalogue first
  const worker = startProcess('server/dist/worker.js');

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eDatabaseUrl', databaseUrl);
  project.provide('e2eAdmin', adminUser);

  return async () => {
    await Promise.all(
      [worker, api].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    const client = new pg.Client({ connectionString: services.databaseAdminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await client.end();
    // the run's queues and counters: a shared Redis would otherwise keep every run's keys
    const redis = new Redis(services.redisUrl);
    const keys = await redis.keys(`${redisKeyPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
    await services.stop();
  };
}
