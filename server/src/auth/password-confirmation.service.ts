import { Injectable } from '@nestjs/common';
import { MESSAGES, type SessionUser } from '@atelier/shared';
import { BadRequestError, ForbiddenError } from '../common/app-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordHasher } from './password-hasher.js';

export const WRONG_CONFIRMATION_PASSWORD = 'The delete confirmation password is incorrect';

/** DESIGN section 3: destructive admin actions are confirmed with the acting admin's own password. */
@Injectable()
export class PasswordConfirmationService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async confirm(actor: SessionUser, password: unknown): Promise<void> {
    if (typeof password !== 'string' || password.length === 0) throw new BadRequestError(MESSAGES.enterDeletePassword);
    const user = await this.users.findById(actor.id);
    if (!user || !(await this.hasher.verify(user.passwordHash, password))) {
      throw new ForbiddenError(WRONG_CONFIRMATION_PASSWORD);
    }
  }
}
