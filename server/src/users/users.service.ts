import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  USER_MESSAGES,
  type AdminUser,
  type createUserRequestSchema,
  type DeleteUserResponse,
  type SessionUser,
  type updateUserRequestSchema,
  type UpdateUserResponse,
  type UserCascadeCounts,
} from '@atelier/shared';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionTokens } from '../auth/session-tokens.js';
import { ConflictError, NotFoundError, assertCurrentCopy } from '../common/app-errors.js';
import { toAdminUser } from './admin-user.mapper.js';
import { MediaFileCleanup } from './media-file-cleanup.js';
import { RoleChanges } from './role-changes.js';
import { SessionRevocations } from './session-revocations.js';
import type { UserEntity } from './user.entity.js';
import { UserDeletionRepository } from './user-deletion.repository.js';
import { assertMayChangeRole, assertMayDelete, assertMayGrantRole, assertMayManage } from './user-role-policy.js';
import { UsersRepository } from './users.repository.js';

export type CreateUserInput = z.output<typeof createUserRequestSchema>;
export type UpdateUserInput = z.output<typeof updateUserRequestSchema>;

/** User management for admins, with the role rules of DESIGN section 3. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly deletion: UserDeletionRepository,
    private readonly hasher: PasswordHasher,
    private readonly mediaFiles: MediaFileCleanup,
    private readonly revocations: SessionRevocations,
    private readonly roleChanges: RoleChanges,
    private readonly tokens: SessionTokens,
  ) {}

  async list(): Promise<AdminUser[]> {
    return (await this.users.listWithCounts()).map(toAdminUser);
  }

  async create(actor: SessionUser, input: CreateUserInput): Promise<AdminUser> {
    assertMayGrantRole(actor.role, input.role);
    if (await this.users.findByUsername(input.username)) throw new ConflictError(USER_MESSAGES.usernameTaken);
    const created = await this.users.insertIfUsernameFree({
      username: input.username,
      email: input.email,
      passwordHash: await this.hasher.hash(input.password),
      role: input.role,
      eokApiKey: input.eok_api_key,
    });
    if (!created) throw new ConflictError(USER_MESSAGES.usernameTaken);
    return this.adminView(created.id);
  }

  async update(actor: SessionUser, id: number, input: UpdateUserInput): Promise<UpdateUserResponse> {
    const target = await this.findManageable(actor, id);
    // a body with no known field (unknown keys are dropped) changes nothing, not even updated_at
    const { expected_updated_at: expected, ...fields } = input;
    if (Object.values(fields).every((value) => value === undefined)) return this.adminView(id);
    // An early answer for the role rules before the slow hash; the count is only known under lock, below.
    assertMayChangeRole(
      { actorId: actor.id, actorRole: actor.role, target, superAdminCount: Number.POSITIVE_INFINITY },
      input.role,
    );
    // Hashing is slow: done before the transaction so the role locks are held briefly.
    const passwordHash = input.password ? await this.hasher.hash(input.password) : undefined;
    const changes = { email: input.email, role: input.role, eokApiKey: input.eok_api_key, passwordHash };
    const updated = await this.users.updateAccount(id, actor.id, changes, (state, updatedAt) => {
      // an edit dialog sends every field: from an older copy it would put back another admin's change
      assertCurrentCopy(target.username, updatedAt, expected);
      assertMayChangeRole(state, input.role);
    });
    if (!updated) throw new NotFoundError(USER_MESSAGES.userNotFound);
    if (passwordHash) this.revocations.announce(id, 'password');
    // a new password ends the session, which tells the user's screens anyway
    else if (input.role !== undefined && input.role !== target.role) this.roleChanges.announce(id);
    const view = await this.adminView(id);
    return passwordHash && id === actor.id ? { ...view, token: await this.ownNewSession(id) } : view;
  }

  /**
   * Admins who change their own password stay signed in where they did it: a new password ends
   * every other session of theirs, as it does anyone's, but not the one that set it.
   */
  private async ownNewSession(id: number): Promise<string> {
    const session = await this.users.findSession(id);
    if (!session) throw new NotFoundError(USER_MESSAGES.userNotFound);
    return this.tokens.issue(session);
  }

  async deletePreview(id: number): Promise<UserCascadeCounts> {
    await this.findVisible(id);
    return this.deletion.countOwned(id);
  }

  async remove(actor: SessionUser, id: number): Promise<DeleteUserResponse> {
    const deleted = await this.deletion.deleteWithEverything(id, actor.id, assertMayDelete);
    if (!deleted) throw new NotFoundError(USER_MESSAGES.userNotFound);
    this.revocations.announce(id, 'deleted');
    await this.mediaFiles.removeAll(deleted.mediaPaths);
    return { username: deleted.username, cascade_deleted: deleted.counts };
  }

  /** The user, or 404. */
  async findVisible(id: number): Promise<UserEntity> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundError(USER_MESSAGES.userNotFound);
    return user;
  }

  /** The user, if the actor may change their account, folders or permissions; else 404 or 403. */
  async findManageable(actor: SessionUser, id: number): Promise<UserEntity> {
    const user = await this.findVisible(id);
    assertMayManage(actor.role, user.role);
    return user;
  }

  private async adminView(id: number): Promise<AdminUser> {
    const row = await this.users.findWithCounts(id);
    if (!row) throw new NotFoundError(USER_MESSAGES.userNotFound);
    return toAdminUser(row);
  }
}
