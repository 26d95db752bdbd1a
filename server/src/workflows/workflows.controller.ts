import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  createSlugWorkflowSchema,
  eokConfigUpdateSchema,
  organizationSchema,
  renameWorkflowSchema,
  saveSlugWorkflowSchema,
  workflowListQuerySchema,
  type SessionUser,
  type Workflow,
  type WorkflowListQuery,
} from '@atelier/shared';
import type { z } from 'zod';
import { AdminOnly, CurrentUser } from '../auth/auth.decorators.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { WorkflowsService } from './workflows.service.js';

/** Static routes come before `:id` so that `categories` is never read as an id. */
@Controller('workflows')
export class WorkflowsController {
  constructor(private readonly workflows: WorkflowsService) {}

  @Get('categories')
  categories(@CurrentUser() user: SessionUser): Promise<string[]> {
    return this.workflows.categories(user);
  }

  @Get('tags')
  tags(@CurrentUser() user: SessionUser): Promise<string[]> {
    return this.workflows.tags(user);
  }

  @Get('missing-slugs')
  @AdminOnly()
  missingSlugs(): Promise<{ missing_base_workflows: string[] }> {
    return this.workflows.missingSlugs();
  }

  @Get()
  list(
    @CurrentUser() user: SessionUser,
    @Query(new ZodValidationPipe(workflowListQuerySchema)) query: WorkflowListQuery,
  ): Promise<Workflow[]> {
    return this.workflows.list(user, query);
  }

  @Post()
  @AdminOnly()
  create(
    @Body(new ZodValidationPipe(createSlugWorkflowSchema)) body: z.output<typeof createSlugWorkflowSchema>,
  ): Promise<{ id: number }> {
    return this.workflows.createSlug(body);
  }

  @Get(':id')
  detail(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<Workflow> {
    return this.workflows.detail(user, id);
  }

  @Put(':id')
  @AdminOnly()
  save(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(saveSlugWorkflowSchema)) body: z.output<typeof saveSlugWorkflowSchema>,
  ): Promise<Workflow> {
    return this.workflows.saveSlug(id, body);
  }

  @Put(':id/name')
  @AdminOnly()
  rename(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(renameWorkflowSchema)) body: z.output<typeof renameWorkflowSchema>,
  ): Promise<Workflow> {
    return this.workflows.rename(id, body.name);
  }

  @Put(':id/eok-config')
  @AdminOnly()
  eokConfig(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(eokConfigUpdateSchema)) body: z.output<typeof eokConfigUpdateSchema>,
  ): Promise<Workflow> {
    return this.workflows.updateEokConfig(id, body);
  }

  @Put(':id/organization')
  @AdminOnly()
  organization(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(organizationSchema)) body: z.output<typeof organizationSchema>,
  ): Promise<Workflow> {
    return this.workflows.updateOrganization(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(200)
  async remove(@Param('id', IdParamPipe) id: number): Promise<{ message: string }> {
    await this.workflows.delete(id);
    return { message: 'Slug workflow deleted successfully!' };
  }

  @Post(':id/favorite')
  @HttpCode(200)
  favorite(@CurrentUser() user: SessionUser, @Param('id', IdParamPipe) id: number): Promise<{ is_favorite: boolean }> {
    return this.workflows.toggleFavorite(user, id);
  }
}
