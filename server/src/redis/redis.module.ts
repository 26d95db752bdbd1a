import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';

export const REDIS = Symbol('REDIS');

/** The shared command connection. Fails fast while Redis is down so requests answer 503, not hang. */
export function createRedisClient(url: string, logger: Logger, name: string): Redis {
  const client = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let down = false;
  client.on('error', (err) => {
    if (!down) logger.warn({ err: err.message, connection: name }, 'redis connection error');
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info({ connection: name }, 'redis connection restored');
    down = false;
  });
  return client;
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [RUNTIME],
      useFactory: (runtime: Runtime) => createRedisClient(runtime.redisUrl, runtime.logger, 'atelier'),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch((err: unknown) => this.logger.warn({ err }, 'redis quit failed'));
  }
}
