import { Injectable } from '@nestjs/common';
import type { SessionUser } from '@atelier/shared';
import { UnauthorizedError } from '../common/app-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import type { TokenPayload } from './token.js';

/**
 * Turns a verified token into the session user, reading the user afresh: a deleted user, a changed
 * role or a changed password takes effect on the next request or socket connection.
 */
@Injectable()
export class SessionValidator {
  constructor(private readonly users: UsersRepository) {}

  async validate(payload: Pick<TokenPayload, 'sub' | 'iat'>): Promise<SessionUser> {
    const id = Number(payload.sub);
    const user = Number.isInteger(id) ? await this.users.findSession(id) : null;
    if (!user) throw new UnauthorizedError();
    if (Math.floor(user.passwordChangedAt.getTime() / 1000) > payload.iat) throw new UnauthorizedError();
    return { id: user.id, username: user.username, role: user.role };
  }
}
