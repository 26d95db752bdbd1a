import { Injectable } from '@nestjs/common';
import { MESSAGES, type LoginRequest, type LoginResponse } from '@atelier/shared';
import { UnauthorizedError } from '../common/app-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PasswordHasher } from './password-hasher.js';
import { SessionTokens } from './session-tokens.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: LoginRateLimiter,
    private readonly tokens: SessionTokens,
  ) {}

  async login({ username, password }: LoginRequest, clientIp: string): Promise<LoginResponse> {
    // counted as a failure from here until the password proves right (LoginRateLimiter.checkAttempt)
    await this.limiter.checkAttempt(username, clientIp);
    // stored names are NFC (createUserRequestSchema), whichever way the keyboard composed the input
    const user = await this.users.findByUsername(username.trim().normalize('NFC')).catch(async (error: unknown) => {
      // the database did not answer: no password was checked, so no failure either
      await this.limiter.recordUnchecked(username, clientIp);
      throw error;
    });
    const ok = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !ok) throw new UnauthorizedError(MESSAGES.invalidCredentials);
    await this.limiter.recordSuccess(username, clientIp);
    const token = await this.tokens.issue(user);
    return { token, user: { id: user.id, username: user.username, role: user.role } };
  }
}
