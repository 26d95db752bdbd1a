import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { UserWorkflowAccess } from '@atelier/shared';
import { WorkflowPermissionEntity } from '../workflows/workflow-permission.entity.js';
import { WorkflowEntity } from '../workflows/workflow.entity.js';

/** Grants in workflow_permissions, as the admin "Manage" dialog edits them. */
@Injectable()
export class UserWorkflowPermissionsRepository {
  constructor(
    @InjectRepository(WorkflowPermissionEntity) private readonly permissions: Repository<WorkflowPermissionEntity>,
    @InjectRepository(WorkflowEntity) private readonly workflows: Repository<WorkflowEntity>,
  ) {}

  /**
   * Every workflow that is not hidden, and each hidden one the user holds a grant on (it still
   * limits what they see), by name, each saying whether the user holds a grant.
   */
  listWithAccess(userId: number): Promise<UserWorkflowAccess[]> {
    return this.workflows.query(
      `SELECT w.id, w.name, w.workflow_type, w.category, (p.user_id IS NOT NULL) AS has_access, w.is_hidden
         FROM workflows w
         LEFT JOIN workflow_permissions p ON p.workflow_id = w.id AND p.user_id = $1
        WHERE NOT w.is_hidden OR p.user_id IS NOT NULL
        ORDER BY lower(w.name), w.id`,
      [userId],
    );
  }

  /** Whether the workflow is hidden; null when there is no such workflow. */
  async isHidden(workflowId: number): Promise<boolean | null> {
    const workflow = await this.workflows.findOne({ where: { id: workflowId }, select: { id: true, isHidden: true } });
    return workflow ? workflow.isHidden : null;
  }

  /** True when the grant is new; granting twice changes nothing. */
  async grant(userId: number, workflowId: number, grantedBy: number): Promise<boolean> {
    const result = await this.permissions
      .createQueryBuilder()
      .insert()
      .into(WorkflowPermissionEntity)
      .values({ userId, workflowId, grantedBy })
      .orIgnore()
      .returning('user_id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** True when a grant was removed; revoking twice changes nothing. */
  async revoke(userId: number, workflowId: number): Promise<boolean> {
    const result = await this.permissions.delete({ userId, workflowId });
    return (result.affected ?? 0) > 0;
  }
}
