import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { loadConfig } from '../config/config.js';

/**
 * Container health check for a worker (it has no HTTP port): healthy while a worker on this host
 * has a live heartbeat in Redis. Exits 0 or 1.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const redis = new Redis(config.redis.url, { maxRetriesPerRequest: 1, connectTimeout: 3000, lazyConnect: true });
  try {
    await redis.connect();
    const live = await redis.zrangebyscore(`${config.redis.keyPrefix}:workers`, Date.now(), '+inf');
    return live.some((id) => id.startsWith(`${hostname()}:`)) ? 0 : 1;
  } catch {
    return 1;
  } finally {
    redis.disconnect();
  }
}

process.exit(await main());
