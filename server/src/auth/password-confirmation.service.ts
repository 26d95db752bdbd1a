import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { MESSAGES, type SessionUser } from '@atelier/shared';
import { BadRequestError, ForbiddenError, TooManyRequestsError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { REDIS } from '../redis/redis.module.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordHasher } from './password-hasher.js';

export const WRONG_CONFIRMATION_PASSWORD = 'The delete confirmation password is incorrect';
export const TOO_MANY_CONFIRMATION_FAILURES = 'Too many wrong confirmation passwords. Please try again later.';

/**
 * DESIGN section 3: destructive admin actions are confirmed with the acting admin's own password.
 * A wrong one is counted per admin as a failed sign-in would be (the same number in the same
 * window): without a limit, a stolen session could guess its owner's password here at full speed,
 * out of the sign-in limiter's sight.
 */
@Injectable()
export class PasswordConfirmationService {
  private readonly failures: RateLimiterRedis;

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(REDIS) redis: Redis,
    @Inject(RUNTIME) runtime: Runtime,
  ) {
    const { auth, redis: redisConfig } = runtime.config;
    const limit = { points: auth.loginMaxFailuresPerUsername, duration: auth.loginRateWindowS };
    this.failures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${redisConfig.keyPrefix}:confirm-password`,
      ...limit,
      blockDuration: limit.duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ ...limit, blockDuration: limit.duration }),
    });
  }

  async confirm(actor: SessionUser, password: unknown): Promise<void> {
    if (typeof password !== 'string' || password.length === 0) throw new BadRequestError(MESSAGES.enterDeletePassword);
    const key = String(actor.id);
    const used = await this.failures.get(key);
    if (used && used.consumedPoints >= this.failures.points) {
      throw new TooManyRequestsError(TOO_MANY_CONFIRMATION_FAILURES, used.msBeforeNext / 1000);
    }
    const user = await this.users.findById(actor.id);
    if (!user || !(await this.hasher.verify(user.passwordHash, password))) {
      await this.failures.penalty(key, 1);
      throw new ForbiddenError(WRONG_CONFIRMATION_PASSWORD);
    }
    await this.failures.delete(key);
  }
}
