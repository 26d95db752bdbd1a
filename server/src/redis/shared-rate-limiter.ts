import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

export interface SharedLimit {
  /** After the instance's REDIS_KEY_PREFIX: `login:user`, `job-submit:user`. */
  name: string;
  points: number;
  /** The window, in seconds. */
  duration: number;
  /** Seconds a key stays refused once its points are used up; 0 for the rest of the window. */
  blockDuration?: number;
}

/**
 * A limit kept in Redis, so every API process counts against the same budget, with an in-memory
 * limiter standing in while Redis is unreachable (each process then counts on its own).
 */
export function sharedRateLimiter(redis: Redis, keyPrefix: string, limit: SharedLimit): RateLimiterRedis {
  const { points, duration, blockDuration = 0 } = limit;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${keyPrefix}:${limit.name}`,
    points,
    duration,
    blockDuration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points, duration, blockDuration }),
  });
}
