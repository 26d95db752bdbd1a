import { Injectable } from '@nestjs/common';
import type { SessionUser } from '@atelier/shared';
import { UnauthorizedError } from '../common/app-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { sessionSubject, type SessionSubject } from './token.js';

/**
 * Turns a verified token into the session user, reading the user afresh: a deleted user, a changed
 * role or a changed password takes effect on the next request or socket connection.
 */
@Injectable()
export class SessionValidator {
  constructor(private readonly users: UsersRepository) {}

  async validate(payload: unknown): Promise<SessionUser> {
    return (await this.session(payload)).user;
  }

  /** The session user and the claims that named them, for what is handed out under the session. */
  async session(payload: unknown): Promise<{ user: SessionUser; subject: SessionSubject }> {
    const subject = sessionSubject(payload);
    const user = subject ? await this.current(subject) : null;
    if (!user || !subject) throw new UnauthorizedError();
    return { user, subject };
  }

  /**
   * The session user while the session still counts: the user is there and has the password the
   * session began under. Null once it has ended; what was handed out under it ends with it.
   */
  async current(subject: Pick<SessionSubject, 'userId' | 'pwd'>): Promise<SessionUser | null> {
    const user = await this.users.findSession(subject.userId);
    if (!user || user.passwordChangedAt.getTime() !== subject.pwd) return null;
    return { id: user.id, username: user.username, role: user.role };
  }
}
