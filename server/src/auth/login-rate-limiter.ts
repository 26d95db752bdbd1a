import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '@atelier/shared';
import { TooManyRequestsError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { REDIS } from '../redis/redis.module.js';

function isRateLimiterRes(value: unknown): value is RateLimiterRes {
  return value instanceof RateLimiterRes;
}

/**
 * Two limits, both kept in Redis so every API process shares them: failed attempts per username
 * (guessing one account's password) and all attempts per client address (spraying many accounts).
 * An in-memory limiter stands in while Redis is unreachable.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perUsername: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(RUNTIME) runtime: Runtime) {
    const { auth, redis: redisConfig } = runtime.config;
    const duration = auth.loginRateWindowS;
    const make = (name: string, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${redisConfig.keyPrefix}:login:${name}`,
        points,
        duration,
        blockDuration: duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration, blockDuration: duration }),
      });
    this.perUsername = make('user', auth.loginMaxFailuresPerUsername);
    this.perIp = make('ip', auth.loginMaxAttemptsPerIp);
  }

  /** Counts this attempt against the address and refuses it if either limit is used up. */
  async checkAttempt(username: string, ip: string): Promise<void> {
    const key = username.trim().toLowerCase();
    const blocked = await this.perUsername.get(key);
    if (blocked && blocked.consumedPoints >= this.perUsername.points) throw this.tooMany(blocked.msBeforeNext);
    try {
      await this.perIp.consume(ip);
    } catch (rejection) {
      if (isRateLimiterRes(rejection)) throw this.tooMany(rejection.msBeforeNext);
      throw rejection;
    }
  }

  async recordFailure(username: string): Promise<void> {
    await this.perUsername.penalty(username.trim().toLowerCase(), 1);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.perUsername.delete(username.trim().toLowerCase());
  }

  private tooMany(msBeforeNext: number): TooManyRequestsError {
    return new TooManyRequestsError(MESSAGES.tooManyLoginAttempts, msBeforeNext / 1000);
  }
}
