import type { Logger } from 'pino';
import type { AppConfig } from '../config/config.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { ensureRedis } from './local-redis.js';

/** What a process needs before Nest starts: reachable database and Redis URLs and the JWT secret. */
export interface Infrastructure {
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  stop(): Promise<void>;
}

export async function prepareInfrastructure(config: AppConfig, logger: Logger): Promise<Infrastructure> {
  const stops: Array<() => Promise<void>> = [];
  try {
    let databaseUrl = config.database.url;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres(config.dataDir, config.database.embeddedPort, logger);
      databaseUrl = embedded.url;
      stops.push(embedded.stop);
    }
    const redis = await ensureRedis(config.redis.url, config.dataDir, logger);
    stops.push(redis.stop);
    const jwtSecret = await resolveJwtSecret(config);
    return {
      databaseUrl,
      redisUrl: redis.url,
      jwtSecret,
      stop: async () => {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}
