import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PasswordHasher } from '../auth/password-hasher.js';
import { JWT_ALGORITHM, JWT_ISSUER, sessionClaims } from '../auth/token.js';
import { runMigrations } from '../database/data-source.js';
import { type Cleanup, progress } from './support.js';
import { tinyWorkflowParams } from './tiny-workflow.js';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** What every phase shares: a database, a Redis key prefix and a data directory of the bench's own. */
export interface BenchEnvironment {
  adminUrl: string;
  databaseName: string;
  databaseUrl: string;
  redisUrl: string;
  keyPrefix: string;
  dataDir: string;
  jwtSecret: string;
  /** A small pool for fixtures and reading results straight in SQL. */
  pool: pg.Pool;
  /** A plain client of the bench's own (INFO, SCAN, the raw emitter). */
  redis: Redis;
}

/** The BullMQ prefix the API and the worker derive from REDIS_KEY_PREFIX (queue/bullmq-options.ts). */
export function bullPrefixOf(env: Pick<BenchEnvironment, 'keyPrefix'>): string {
  return `${env.keyPrefix}:bull`;
}

/**
 * A pg client whose connection errors (the server going away, our own DROP ... WITH (FORCE) during
 * cleanup) fail its queries instead of crashing the process.
 */
export function quietClient(connectionString: string): pg.Client {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  return client;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

function assertLoopback(what: string, url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`${what} must point at this machine (loopback), got ${host}`);
}

/** Creates the database (migrated), the key prefix and the data directory; each is undone by `cleanup`. */
export async function createEnvironment(cleanup: Cleanup): Promise<BenchEnvironment> {
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL;
  const redisUrl = process.env.BENCH_REDIS_URL || DEFAULT_REDIS_URL;
  assertLoopback('BENCH_DATABASE_URL', adminUrl);
  assertLoopback('BENCH_REDIS_URL', redisUrl);
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-bench-'));
  // figure 4 leaves some 200,000 files: give their removal time of its own
  cleanup.add(
    'remove the data directory',
    async () => {
      progress(`removing ${dataDir}`);
      await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
    10 * 60_000,
  );

  const databaseName = `atelier_bench_${suffix}`;
  const admin = quietClient(adminUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
  cleanup.add('drop the database', async () => {
    const client = quietClient(adminUrl);
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  const databaseUrl = withDatabase(adminUrl, databaseName);
  await runMigrations(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on('error', () => undefined);
  cleanup.add('close the database pool', () => pool.end());

  const keyPrefix = `atelier_bench_${suffix}`;
  const redis = new Redis(redisUrl, { connectionName: 'atelier-bench', maxRetriesPerRequest: 3 });
  redis.on('error', () => undefined);
  cleanup.add('disconnect from Redis', async () => redis.disconnect());
  cleanup.add('delete the Redis keys', () => deleteKeys(redis, `${keyPrefix}:*`));

  progress(`database ${databaseName}, Redis prefix ${keyPrefix}, data in ${dataDir}`);
  return {
    adminUrl,
    databaseName,
    databaseUrl,
    redisUrl,
    keyPrefix,
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    pool,
    redis,
  };
}

/** SCAN + DEL of every key matching `pattern`, bounded in rounds. */
export async function deleteKeys(redis: Redis, pattern: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  for (let round = 0; round < 100_000; round++) {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    if (keys.length) deleted += await redis.del(...keys);
    cursor = next;
    if (cursor === '0') break;
  }
  return deleted;
}

export interface BenchUser {
  id: number;
  username: string;
  token: string;
}

/**
 * `count` users of role `user` sharing one password hash (hashing is deliberately slow), each with
 * a token signed as the API signs them; the first one is also checked by a real login later.
 */
export async function createUsers(
  env: BenchEnvironment,
  count: number,
  password: string,
  prefix = 'bench_user',
): Promise<BenchUser[]> {
  const hash = await new PasswordHasher().hash(password);
  const names = Array.from({ length: count }, (_, i) => `${prefix}_${String(i).padStart(4, '0')}`);
  const { rows } = await env.pool.query<{ id: number; username: string; password_changed_at: Date }>(
    `INSERT INTO users (username, email, password_hash, role, password_changed_at)
       SELECT name, name || '@bench.test', $2, 'user', now() - interval '1 minute' FROM unnest($1::text[]) AS name
     RETURNING id, username, password_changed_at`,
    [names, hash],
  );
  const jwt = new JwtService({
    secret: env.jwtSecret,
    signOptions: { algorithm: JWT_ALGORITHM, issuer: JWT_ISSUER, expiresIn: 3 * 3600 },
  });
  const byName = new Map(rows.map((r) => [r.username, r]));
  return Promise.all(
    names.map(async (username) => {
      const { id, password_changed_at } = byName.get(username)!;
      const claims = sessionClaims(password_changed_at);
      return { id, username, token: await jwt.signAsync(claims, { subject: String(id) }) };
    }),
  );
}

/** The JSON workflow of the pipeline tests: prompt, fixed seed, width and height up to 64 px. */
export async function createTinyWorkflow(env: BenchEnvironment): Promise<number> {
  const params = tinyWorkflowParams('a bench render', 64);
  const { rows } = await env.pool.query<{ id: number }>(
    `INSERT INTO workflows (name, workflow_type, graph, configurable_params) VALUES ('Bench tiny', 'comfyui', '{}', $1)
     RETURNING id`,
    [JSON.stringify(params)],
  );
  return rows[0]!.id;
}
