import { Injectable } from '@nestjs/common';
import { MESSAGES, type SessionUser, type UserWorkflowsResponse } from '@atelier/shared';
import { NotFoundError } from '../common/app-errors.js';
import { UserWorkflowPermissionsRepository } from './user-workflow-permissions.repository.js';
import { UsersService } from './users.service.js';

/** Per-user workflow permissions (SPEC section 6), edited by admins. */
@Injectable()
export class UserWorkflowPermissionsService {
  constructor(
    private readonly users: UsersService,
    private readonly permissions: UserWorkflowPermissionsRepository,
  ) {}

  async list(userId: number): Promise<UserWorkflowsResponse> {
    await this.users.findVisible(userId);
    return this.permissions.listWithAccess(userId);
  }

  /** True when the grant is new. A hidden workflow cannot be granted. */
  async grant(actor: SessionUser, userId: number, workflowId: number): Promise<boolean> {
    await this.users.findManageable(actor, userId);
    if ((await this.permissions.isHidden(workflowId)) !== false) throw new NotFoundError(MESSAGES.workflowNotFound);
    return this.permissions.grant(userId, workflowId, actor.id);
  }

  /** A grant on a hidden workflow can be revoked: it is listed, and it still limits what the user sees. */
  async revoke(actor: SessionUser, userId: number, workflowId: number): Promise<void> {
    await this.users.findManageable(actor, userId);
    if ((await this.permissions.isHidden(workflowId)) === null) throw new NotFoundError(MESSAGES.workflowNotFound);
    await this.permissions.revoke(userId, workflowId);
  }
}
