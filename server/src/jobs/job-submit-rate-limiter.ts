import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '@atelier/shared';
import { TooManyRequestsError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { REDIS } from '../redis/redis.module.js';
import { sharedRateLimiter } from '../redis/shared-rate-limiter.js';

/**
 * Jobs per user per fixed window, kept in Redis so every API process counts against the same
 * budget (the login limiter's approach). One job holds up to 999,999 items, so a person never
 * needs many submissions; the limit stops a script flooding the queue and the database with rows.
 * An in-memory limiter stands in while Redis is unreachable (the enqueue answers 503 then anyway).
 */
@Injectable()
export class JobSubmitRateLimiter {
  private readonly perUser: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(RUNTIME) runtime: Runtime) {
    const { limits, redis: redisConfig } = runtime.config;
    this.perUser = sharedRateLimiter(redis, redisConfig.keyPrefix, {
      name: 'job-submit:user',
      points: limits.jobSubmitMaxPerUser,
      duration: limits.jobSubmitWindowS,
    });
  }

  /** Counts one job against the user; refuses it with 429 and Retry-After once the window is used up. */
  async consume(userId: number): Promise<void> {
    try {
      await this.perUser.consume(String(userId));
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        throw new TooManyRequestsError(MESSAGES.tooManyJobSubmissions, rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }
}
