import net from 'node:net';

export interface TestServices {
  /** A URL with rights to create and drop databases. */
  databaseAdminUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

const LOCAL_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function dockerReachable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/**
 * DESIGN section 2: the servers named by TEST_DATABASE_URL / TEST_REDIS_URL, or the local
 * defaults when they answer, else Testcontainers when a Docker engine is reachable.
 */
export async function resolveTestServices(): Promise<TestServices> {
  const stops: Array<() => Promise<unknown>> = [];
  let databaseAdminUrl = process.env.TEST_DATABASE_URL;
  let redisUrl = process.env.TEST_REDIS_URL;

  if (!databaseAdminUrl && (await reachable(LOCAL_DATABASE_URL))) databaseAdminUrl = LOCAL_DATABASE_URL;
  if (!redisUrl && (await reachable(LOCAL_REDIS_URL))) redisUrl = LOCAL_REDIS_URL;

  if ((!databaseAdminUrl || !redisUrl) && (await dockerReachable())) {
    if (!databaseAdminUrl) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:17-alpine').start();
      stops.push(() => container.stop());
      databaseAdminUrl = container.getConnectionUri().replace(/\/[^/]*$/, '/postgres');
    }
    if (!redisUrl) {
      const { RedisContainer } = await import('@testcontainers/redis');
      const container = await new RedisContainer('redis:7-alpine').start();
      stops.push(() => container.stop());
      redisUrl = container.getConnectionUrl();
    }
  }
  if (!databaseAdminUrl || !redisUrl) {
    throw new Error(
      'Tests need PostgreSQL and Redis: set TEST_DATABASE_URL and TEST_REDIS_URL, run them locally ' +
        `(${LOCAL_DATABASE_URL}, ${LOCAL_REDIS_URL}), or make a Docker engine reachable for Testcontainers.`,
    );
  }
  return {
    databaseAdminUrl,
    redisUrl,
    stop: async () => {
      for (const stop of stops) await stop();
    },
  };
}
