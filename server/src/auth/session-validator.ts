import { Injectable } from '@nestjs/common';
import type { SessionUser } from '@atelier/shared';
import { UnauthorizedError } from '../common/app-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { sessionSubject } from './token.js';

/**
 * Turns a verified token into the session user, reading the user afresh: a deleted user, a changed
 * role or a changed password takes effect on the next request or socket connection.
 */
@Injectable()
export class SessionValidator {
  constructor(private readonly users: UsersRepository) {}

  async validate(payload: unknown): Promise<SessionUser> {
    const subject = sessionSubject(payload);
    const user = subject ? await this.users.findSession(subject.userId) : null;
    if (!subject || !user) throw new UnauthorizedError();
    if (user.passwordChangedAt.getTime() !== subject.pwd) throw new UnauthorizedError();
    return { id: user.id, username: user.username, role: user.role };
  }
}
