import { Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  userIdParamsSchema,
  userWorkflowParamsSchema,
  type SessionUser,
  type UserWorkflowsResponse,
  type WorkflowGrantResponse,
} from '@atelier/shared';
import { AdminOnly, CurrentUser } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { UserWorkflowPermissionsService } from './user-workflow-permissions.service.js';

type GrantParams = { id: number; workflowId: number };
const grantPipe = new ZodValidationPipe(userWorkflowParamsSchema);

@Controller('admin/users/:id/workflows')
@AdminOnly()
export class AdminUserWorkflowsController {
  constructor(private readonly permissions: UserWorkflowPermissionsService) {}

  @Get()
  list(@Param(new ZodValidationPipe(userIdParamsSchema)) { id }: { id: number }): Promise<UserWorkflowsResponse> {
    return this.permissions.list(id);
  }

  /** 201 when the grant is new, 200 when it already stood. */
  @Post(':workflowId')
  async grant(
    @CurrentUser() actor: SessionUser,
    @Param(grantPipe) { id, workflowId }: GrantParams,
    @Res({ passthrough: true }) res: Response,
  ): Promise<WorkflowGrantResponse> {
    const created = await this.permissions.grant(actor, id, workflowId);
    res.status(created ? 201 : 200);
    return { workflow_id: workflowId, has_access: true };
  }

  @Delete(':workflowId')
  async revoke(
    @CurrentUser() actor: SessionUser,
    @Param(grantPipe) { id, workflowId }: GrantParams,
  ): Promise<WorkflowGrantResponse> {
    await this.permissions.revoke(actor, id, workflowId);
    return { workflow_id: workflowId, has_access: false };
  }
}
