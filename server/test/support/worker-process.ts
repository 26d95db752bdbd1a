import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './test-app.js';

const WORKER_ENTRY = path.resolve(import.meta.dirname, '../../dist/worker.js');

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: no cleanup at all, like a crashed machine. */
  kill(): Promise<void>;
}

/**
 * A real worker process (the built `server/dist/worker.js`) against the test app's database, Redis
 * prefix, data directory and secret, so its events and media URLs are the app's own.
 */
export async function startWorker(t: TestApp, env: Record<string, string> = {}): Promise<WorkerProcess> {
  if (!existsSync(WORKER_ENTRY)) throw new Error('server/dist/worker.js is missing: run `npm run build` first');
  let out = '';
  const child = spawn(process.execPath, [WORKER_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_WORKER_LOG_LEVEL ?? 'info',
      DATABASE_URL: t.db.url,
      REDIS_URL: t.redisUrl,
      REDIS_KEY_PREFIX: t.redisKeyPrefix,
      DATA_DIR: t.dataDir,
      JWT_SECRET: t.jwtSecret,
      BUILTIN_ITEM_DELAY_MS: '0',
      ITEM_RETRY_BASE_MS: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-200_000);
    if (process.env.TEST_WORKER_ECHO) process.stderr.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 30_000;
  while (!out.includes('generation worker consuming')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the worker did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
