import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  overrideLinkInputSchema,
  overrideLinkUpdateSchema,
  overrideLinksSchema,
  type SessionUser,
  type WorkflowOverride,
} from '@atelier/shared';
import type { z } from 'zod';
import { AdminOnly, CurrentUser } from '../auth/auth.decorators.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { WorkflowAccessService } from './workflow-access.service.js';
import { WorkflowOverridesService } from './workflow-overrides.service.js';
import { WorkflowsService } from './workflows.service.js';

@Controller('workflows/:id/overrides')
export class WorkflowOverridesController {
  constructor(
    private readonly overrides: WorkflowOverridesService,
    private readonly workflows: WorkflowsService,
    private readonly access: WorkflowAccessService,
  ) {}

  @Get()
  async list(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<WorkflowOverride[]> {
    await this.access.findVisible(user, id);
    return this.overrides.list(id);
  }

  @Post()
  @AdminOnly()
  async add(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(overrideLinkInputSchema)) body: z.output<typeof overrideLinkInputSchema>,
  ): Promise<WorkflowOverride> {
    return this.overrides.add(await this.workflows.existing(id), body);
  }

  /** The whole list at once, applied as one diff in one transaction. */
  @Put()
  @AdminOnly()
  async replace(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(overrideLinksSchema)) body: z.output<typeof overrideLinksSchema>,
  ): Promise<WorkflowOverride[]> {
    return this.overrides.replaceForWorkflow(await this.workflows.existing(id), body);
  }

  @Put(':linkId')
  @AdminOnly()
  async update(
    @Param('id', IdParamPipe) id: number,
    @Param('linkId', IdParamPipe) linkId: number,
    @Body(new ZodValidationPipe(overrideLinkUpdateSchema)) body: z.output<typeof overrideLinkUpdateSchema>,
  ): Promise<WorkflowOverride> {
    return this.overrides.update(await this.workflows.existing(id), linkId, body);
  }

  @Delete(':linkId')
  @AdminOnly()
  @HttpCode(200)
  async remove(
    @Param('id', IdParamPipe) id: number,
    @Param('linkId', IdParamPipe) linkId: number,
  ): Promise<{ message: string }> {
    await this.overrides.remove(await this.workflows.existing(id), linkId);
    return { message: 'Override removed' };
  }
}
