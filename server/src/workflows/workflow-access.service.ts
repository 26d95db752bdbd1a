import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MESSAGES, isAdminRole, type SessionUser } from '@atelier/shared';
import { NotFoundError } from '../common/app-errors.js';
import { WorkflowPermissionEntity } from './workflow-permission.entity.js';
import { WorkflowEntity } from './workflow.entity.js';

/**
 * Per-user workflow permissions (SPEC section 6): a user with no grants sees every workflow; once
 * any grant exists, only the granted ones. Admins and super admins see all, since they maintain
 * the catalogue. Hidden workflows (their base file was deleted) are visible to nobody.
 */
@Injectable()
export class WorkflowAccessService {
  constructor(
    @InjectRepository(WorkflowPermissionEntity) private readonly permissions: Repository<WorkflowPermissionEntity>,
    @InjectRepository(WorkflowEntity) private readonly workflows: Repository<WorkflowEntity>,
  ) {}

  /** The workflow ids the user is limited to, or null when every workflow is visible to them. */
  async allowedWorkflowIds(user: SessionUser): Promise<number[] | null> {
    if (isAdminRole(user.role)) return null;
    const grants = await this.permissions.find({ where: { userId: user.id }, select: { workflowId: true } });
    return grants.length ? grants.map((g) => g.workflowId) : null;
  }

  /** The workflow, if the user may see it; otherwise 404 `Workflow not found`, never 403. */
  async findVisible(user: SessionUser, workflowId: number): Promise<WorkflowEntity> {
    const workflow = await this.workflows.findOneBy({ id: workflowId, isHidden: false });
    if (!workflow) throw new NotFoundError(MESSAGES.workflowNotFound);
    const allowed = await this.allowedWorkflowIds(user);
    if (allowed && !allowed.includes(workflowId)) throw new NotFoundError(MESSAGES.workflowNotFound);
    return workflow;
  }
}
