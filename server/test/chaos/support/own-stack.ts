import { startTestApp, type TestApp } from '../../support/test-app.js';
import { startOwnPostgres, type OwnPostgres } from './postgres-server.js';
import { startOwnRedis, type OwnRedis } from './redis-server.js';

export interface OwnStack {
  redis: OwnRedis;
  postgres: OwnPostgres;
  app: TestApp;
  close(): Promise<void>;
}

/**
 * The real API against a Redis and a PostgreSQL of the drill's own, which it may stop and start
 * at will without touching the servers other test files share.
 */
export async function startOwnStack(env: Record<string, string> = {}): Promise<OwnStack> {
  const started: Array<OwnRedis | OwnPostgres> = [];
  try {
    const redis = await startOwnRedis();
    started.push(redis);
    const postgres = await startOwnPostgres();
    started.push(postgres);
    const app = await startTestApp(env, { databaseAdminUrl: postgres.adminUrl, redisUrl: redis.url });
    // the test's own connections see the outages too: an error they raise is expected, not a failure
    app.db.pool.on('error', () => undefined);
    app.redis.on('error', () => undefined);
    return {
      redis,
      postgres,
      app,
      close: async () => {
        // a drill that failed while its PostgreSQL was down cannot drop its database: the servers
        // must go all the same, or they outlive the run
        try {
          await app.close();
        } finally {
          await Promise.all([redis.destroy(), postgres.destroy()]);
        }
      },
    };
  } catch (error) {
    await Promise.all(started.map((server) => server.destroy()));
    throw error;
  }
}
