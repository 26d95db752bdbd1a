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
    // the username limits last the window from the first failure, however often a blocked address asks
    const make = (name: string, points: number, blockDuration = 0) =>
      sharedRateLimiter(redis, redisConfig.keyPrefix, { name: `login:${name}`, points, duration, blockDuration });
    this.perUsernameAndIp = make('user-ip', auth.loginMaxFailuresPerUsername);
    this.perUsername = make('user', auth.loginMaxFailuresPerUsername * ALL_ADDRESSES_FACTOR);
    this.perIp = make('ip', auth.loginMaxAttemptsPerIp, duration);
  }

  /**
   * Counts this attempt against the address and, as a failure until the password proves right,
   * against the username; refuses it if any limit is used up. Counted after the password check
   * instead, guesses sent all at once each passed a count read before any of them was recorded.
   */
  async checkAttempt(username: string, ip: string): Promise<void> {
    const limits = [
      [this.perUsernameAndIp, pairKey(username, ip)],
      [this.perUsername, nameKey(username)],
      [this.perIp, ip],
    ] as const;
    const counted: Array<(typeof limits)[number]> = [];
    try {
      for (const limit of limits) {
        await limit[0].consume(limit[1]);
        counted.push(limit);
      }
    } catch (rejection) {
      // a refused attempt checks no password: it is no failure and uses up nothing else
      await Promise.all(counted.map(([limiter, key]) => limiter.reward(key, 1)));
      if (isRateLimiterRes(rejection)) throw this.tooMany(rejection.msBeforeNext);
      throw rejection;
    }
  }

  /** The right password from this address: its own failures go; those from elsewhere stay counted. */
  async recordSuccess(username: string, ip: string): Promise<void> {
    await Promise.all([
      this.perUsernameAndIp.delete(pairKey(username, ip)),
      this.perUsername.reward(nameKey(username), 1),
    ]);
  }

  /** An attempt that ended before its password was checked: not a failure. */
  async recordUnchecked(username: string, ip: string): Promise<void> {
    await Promise.all([
      this.perUsernameAndIp.reward(pairKey(username, ip), 1),
      this.perUsername.reward(nameKey(username), 1),
    ]);
  }

  private tooMany(msBeforeNext: number): TooManyRequestsError {
    return new TooManyRequestsError(MESSAGES.tooManyLoginAttempts, msBeforeNext / 1000);
  }
}

// the account sign-in looks up (AuthService): each composed or decomposed spelling of a name is not another account
const nameKey = (username: string) => username.trim().normalize('NFC').toLowerCase();
const pairKey = (username: string, ip: string) => `${ip}|${nameKey(username)}`;
