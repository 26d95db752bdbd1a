import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '@atelier/shared';
import { TooManyRequestsError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { REDIS } from '../redis/redis.module.js';
import { sharedRateLimiter } from '../redis/shared-rate-limiter.js';

function isRateLimiterRes(value: unknown): value is RateLimiterRes {
  return value instanceof RateLimiterRes;
}

/** How many times more failures one username takes from all addresses together than from one. */
const ALL_ADDRESSES_FACTOR = 10;

/**
 * Three limits, all kept in Redis so every API process shares them:
 * - failed attempts on a username from one client address (guessing one account's password);
 * - failed attempts on a username from every address together, ALL_ADDRESSES_FACTOR times as many
 *   (guessing from many addresses);
 * - all attempts per client address (spraying many accounts).
 * Keying the first by username alone would let anyone lock anyone out, the first super_admin
 * included, with a handful of anonymous requests; now a stranger's failures block only the
 * stranger's address, and a lock-out of everyone needs a spread of addresses.
 * An in-memory limiter stands in while Redis is unreachable.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly perUsernameAndIp: RateLimiterRedis;
  private readonly perUsername: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis, @Inject(RUNTIME) runtime: Runtime) {
    const { auth, redis: redisConfig } = runtime.config;
    const duration = auth.loginRateWindowS;
    const make = (name: string, points: number) =>
      sharedRateLimiter(redis, redisConfig.keyPrefix, {
        name: `login:${name}`,
        points,
        duration,
        blockDuration: duration,
      });
    this.perUsernameAndIp = make('user-ip', auth.loginMaxFailuresPerUsername);
    this.perUsername = make('user', auth.loginMaxFailuresPerUsername * ALL_ADDRESSES_FACTOR);
    this.perIp = make('ip', auth.loginMaxAttemptsPerIp);
  }

  /** Counts this attempt against the address and refuses it if any limit is used up. */
  async checkAttempt(username: string, ip: string): Promise<void> {
    const checks = [
      [this.perUsernameAndIp, pairKey(username, ip)],
      [this.perUsername, nameKey(username)],
    ] as const;
    const used = await Promise.all(checks.map(([limiter, key]) => limiter.get(key)));
    for (const [i, [limiter]] of checks.entries()) {
      const res = used[i];
      if (res && res.consumedPoints >= limiter.points) throw this.tooMany(res.msBeforeNext);
    }
    try {
      await this.perIp.consume(ip);
    } catch (rejection) {
      if (isRateLimiterRes(rejection)) throw this.tooMany(rejection.msBeforeNext);
      throw rejection;
    }
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    await Promise.all([
      this.perUsernameAndIp.penalty(pairKey(username, ip), 1),
      this.perUsername.penalty(nameKey(username), 1),
    ]);
  }

  /** The right password from this address: its own failures go; those from elsewhere stay counted. */
  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.perUsernameAndIp.delete(pairKey(username, ip));
  }

  private tooMany(msBeforeNext: number): TooManyRequestsError {
    return new TooManyRequestsError(MESSAGES.tooManyLoginAttempts, msBeforeNext / 1000);
  }
}

const nameKey = (username: string) => username.trim().toLowerCase();
const pairKey = (username: string, ip: string) => `${ip}|${nameKey(username)}`;
