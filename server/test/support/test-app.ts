import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { closeApiApp, createApiApp } from '../../src/api-app.js';
import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/logging/logger.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { createUser, type TestUser } from './factories.js';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface TestApp {
  baseUrl: string;
  app: NestExpressApplication;
  db: TestDatabase;
  redis: Redis;
  redisKeyPrefix: string;
  /** Where this app keeps media, assets and the base workflow repository. */
  dataDir: string;
  jwtSecret: string;
  redisUrl: string;
  request<T = unknown>(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  createUser(options?: Parameters<typeof createUser>[1]): Promise<TestUser>;
  login(user: Pick<TestUser, 'username' | 'password'>): Promise<string>;
  close(): Promise<void>;
}

/** The PostgreSQL (a URL that may create databases) and Redis a test app runs against. */
export interface TestAppServers {
  databaseAdminUrl: string;
  redisUrl: string;
}

/**
 * The real API on a random port, against a database of its own and a Redis key prefix of its own.
 * `env` overrides configuration the way the environment would. `servers` defaults to the test
 * run's shared ones. Passport registers one `jwt` strategy per process, so keep one app alive at
 * a time in a test file.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  servers: TestAppServers = { databaseAdminUrl: inject('databaseAdminUrl'), redisUrl: inject('redisUrl') },
): Promise<TestApp> {
  const db = await createTestDatabase(servers.databaseAdminUrl);
  const { redisUrl } = servers;
  const redisKeyPrefix = `test_${randomBytes(5).toString('hex')}`;
  const ownDataDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const redis = new Redis(redisUrl);
  const removeOwnData = async () => {
    const keys = await redis.keys(`${redisKeyPrefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db.drop();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  const started = await listeningApp(db.url, redisUrl, redisKeyPrefix, ownDataDir, env).catch(
    async (error: unknown) => {
      // an app that never started has no close: what was made for it (its queue's keys too) goes here
      await removeOwnData();
      throw error;
    },
  );
  const { app, config, jwtSecret, baseUrl } = started;

  const request: TestApp['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the raw text is what the caller asserts on
    }
    return { status: res.status, headers: res.headers, body: parsed as never };
  };

  const login = async (user: Pick<TestUser, 'username' | 'password'>) => {
    const res = await request<{ token: string }>('POST', '/api/login', { body: user });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  };

  return {
    baseUrl,
    app,
    db,
    redis,
    redisKeyPrefix,
    dataDir: config.dataDir,
    jwtSecret,
    redisUrl: config.redis.url,
    request,
    login,
    createUser: (options) => createUser(db.pool, options),
    close: async () => {
      await closeApiApp(app);
      await removeOwnData();
    },
  };
}

/** Configuration, the API app and its port: the part of a start that can fail on a test's env. */
async function listeningApp(
  databaseUrl: string,
  redisUrl: string,
  redisKeyPrefix: string,
  ownDataDir: string | undefined,
  env: Record<string, string>,
) {
  const config = loadConfig({
    DATA_DIR: ownDataDir ?? env.DATA_DIR,
    SAMPLE_CATALOGUE: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    CLIENT_DIST_DIR: '/nonexistent',
    ...env,
  });
  const logger = createLogger(config.logLevel, 'test');
  const jwtSecret = env.JWT_SECRET ?? randomBytes(32).toString('hex');
  const app = await createApiApp({
    config,
    logger,
    databaseUrl,
    redisUrl: config.redis.url,
    jwtSecret,
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return { app, config, jwtSecret, baseUrl };
}
