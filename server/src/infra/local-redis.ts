import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface RedisHandle {
  url: string;
  /** Stops the redis-server this process started, if it started one. */
  stop(): Promise<void>;
}

export class RedisUnavailableError extends Error {
  constructor(url: string) {
    super(
      `Redis is not reachable at ${url} and no redis-server is on PATH to start one. ` +
        'Start one with `docker compose up -d redis`, or set REDIS_URL.',
    );
    this.name = 'RedisUnavailableError';
  }
}

export async function pingRedis(url: string, timeoutMs = 1500): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function isLocalHost(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '::1' || hostname === '[::1]';
}

function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * DESIGN section 2: use REDIS_URL; if nothing answers on a local address and redis-server is on
 * PATH, start one with append-only data under `<dataDir>/redis`.
 */
export async function ensureRedis(url: string, dataDir: string, logger: Logger): Promise<RedisHandle> {
  if (await pingRedis(url)) return { url, stop: async () => undefined };
  const parsed = new URL(url);
  if (!isLocalHost(parsed.hostname) || !hasRedisServer()) throw new RedisUnavailableError(url);

  const dir = path.join(dataDir, 'redis');
  await mkdir(dir, { recursive: true });
  const port = parsed.port || '6379';
  const args = ['--port', port, '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', ''];
  if (parsed.password) args.push('--requirepass', decodeURIComponent(parsed.password));
  logger.info({ port, dir }, 'starting a local redis-server');
  const child: ChildProcess = spawn('redis-server', args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (!(await waitUntil(() => pingRedis(url, 500), 10_000))) {
    child.kill('SIGKILL');
    throw new RedisUnavailableError(url);
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
