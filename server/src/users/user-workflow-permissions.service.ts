import { Injectable } from '@nestjs/common';
import { MESSAGES, type SessionUser, type UserWorkflowsResponse } from '@atelier/shared';
import { NotFoundError } from '../common/app-errors.js';
import { WorkflowAccessService } from '../workflows/workflow-access.service.js';
import { UserWorkflowPermissionsRepository } from './user-workflow-permissions.repository.js';
import { UsersService } from './users.service.js';

/** Per-user workflow permissions (SPEC section 6), edited by admins. */
@Injectable()
export class UserWorkflowPermissionsService {
  constructor(
    private readonly users: UsersService,
    private readonly permissions: UserWorkflowPermissionsRepository,
    private readonly access: WorkflowAccessService,
  ) {}

  async list(userId: number): Promise<UserWorkflowsResponse> {
    const user = await this.users.findVisible(userId);
    const workflows = await this.permissions.listVisibleWithAccess(userId);
    const limitedTo = await this.access.allowedWorkflowIds({ id: user.id, username: user.username, role: user.role });
    return {
      sees_all: limitedTo === null,
      granted: workflows.filter((w) => w.has_access).length,
      total: workflows.length,
      workflows,
    };
  }

  /** True when the grant is new. */
  async grant(actor: SessionUser, userId: number, workflowId: number): Promise<boolean> {
    await this.users.findManageable(actor, userId);
    await this.assertWorkflowExists(workflowId);
    return this.permissions.grant(userId, workflowId, actor.id);
  }

  async revoke(actor: SessionUser, userId: number, workflowId: number): Promise<void> {
    await this.users.findManageable(actor, userId);
    await this.assertWorkflowExists(workflowId);
    await this.permissions.revoke(userId, workflowId);
  }

  private async assertWorkflowExists(workflowId: number): Promise<void> {
    if (!(await this.permissions.isVisibleWorkflow(workflowId))) throw new NotFoundError(MESSAGES.workflowNotFound);
  }
}
