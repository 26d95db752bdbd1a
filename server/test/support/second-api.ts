import { closeApiApp, createApiApp } from '../../src/api-app.js';
import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/logging/logger.js';
import type { TestApp } from './test-app.js';

/**
 * Another API process's worth of app, sharing the first one's database, Redis prefix, data and
 * secret: what a second instance behind a load balancer is. `env` overrides its configuration
 * (pass the first app's overrides when the two must agree).
 */
export async function startSecondApi(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.db.url,
    REDIS_URL: t.redisUrl,
    REDIS_KEY_PREFIX: t.redisKeyPrefix,
    SAMPLE_CATALOGUE: 'false',
    CLIENT_DIST_DIR: '/nonexistent',
    ...env,
  });
  const app = await createApiApp({
    config,
    logger: createLogger(config.logLevel, 'test-2'),
    databaseUrl: t.db.url,
    redisUrl: t.redisUrl,
    jwtSecret: t.jwtSecret,
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => closeApiApp(app) };
}
