import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { type RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES, type SessionUser } from '@atelier/shared';
import { BadRequestError, ForbiddenError, TooManyRequestsError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { REDIS } from '../redis/redis.module.js';
import { sharedRateLimiter } from '../redis/shared-rate-limiter.js';
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
    this.failures = sharedRateLimiter(redis, redisConfig.keyPrefix, {
      name: 'confirm-password',
      points: auth.loginMaxFailuresPerUsername,
      duration: auth.loginRateWindowS,
    });
  }

  async confirm(actor: SessionUser, password: unknown): Promise<void> {
    if (typeof password !== 'string' || password.length === 0) throw new BadRequestError(MESSAGES.enterDeletePassword);
    const key = String(actor.id);
    // counted as wrong until it proves right: counted after the check instead, guesses sent all at
    // once each passed a count read before any of them was recorded
    try {
      await this.failures.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw new TooManyRequestsError(TOO_MANY_CONFIRMATION_FAILURES, rejection.msBeforeNext / 1000);
    }
    const user = await this.users.findById(actor.id).catch(async (error: unknown) => {
      // the database did not answer: no password was checked, so none was wrong
      await this.failures.reward(key, 1);
      throw error;
    });
    if (!user || !(await this.hasher.verify(user.passwordHash, password))) {
      throw new ForbiddenError(WRONG_CONFIRMATION_PASSWORD);
    }
    // the right password clears this admin's wrong ones
    await this.failures.delete(key);
  }
}
