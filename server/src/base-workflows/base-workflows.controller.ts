import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { BaseWorkflowContent, BaseWorkflowFile, SessionUser } from '@atelier/shared';
import { AdminOnly, CurrentUser } from '../auth/auth.decorators.js';
import { BaseWorkflowsService, type BaseWorkflowChange } from './base-workflows.service.js';

type RequestBody = Record<string, unknown> | undefined;

const COMMITTED = 'The change is committed to the repository and will be deployed.';
// said rather than "will be deployed": the admin would otherwise take it as live
const NOT_PUSHED =
  'The change is committed to the repository, but pushing it to the remote failed: it is not deployed until a later change is pushed.';

@Controller('base-workflows')
@AdminOnly()
export class BaseWorkflowsController {
  constructor(private readonly baseWorkflows: BaseWorkflowsService) {}

  @Get()
  list(): Promise<BaseWorkflowFile[]> {
    return this.baseWorkflows.list();
  }

  @Get(':filename')
  read(@Param('filename') filename: string): Promise<BaseWorkflowContent & { override_keys: string[] }> {
    return this.baseWorkflows.read(filename);
  }

  @Post()
  async create(
    @CurrentUser() user: SessionUser,
    @Body() body: RequestBody,
  ): Promise<BaseWorkflowChange & { message: string }> {
    const change = await this.baseWorkflows.create(user, body?.name, body?.content);
    const deployment = this.baseWorkflows.notPushed(change) ? NOT_PUSHED : COMMITTED;
    return { ...change, message: `Base workflow created successfully! ${deployment}` };
  }

  @Put(':filename')
  async update(
    @CurrentUser() user: SessionUser,
    @Param('filename') filename: string,
    @Body() body: RequestBody,
  ): Promise<BaseWorkflowChange & { message: string }> {
    const change = await this.baseWorkflows.update(user, filename, body?.content, body?.newName, body?.baseSha);
    const verb = change.name === filename ? 'updated' : 'renamed';
    const deployment = this.baseWorkflows.notPushed(change) ? NOT_PUSHED : COMMITTED;
    return { ...change, message: `Base workflow ${verb} successfully! ${deployment}` };
  }

  @Delete(':filename')
  @HttpCode(200)
  async remove(
    @CurrentUser() user: SessionUser,
    @Param('filename') filename: string,
    @Body() body: RequestBody,
  ): Promise<BaseWorkflowChange & { message: string }> {
    const change = await this.baseWorkflows.delete(user, filename, body?.confirmPassword);
    // SPEC section 8's text as it is, unless the deletion did not reach the remote
    const note = this.baseWorkflows.notPushed(change) ? ` ${NOT_PUSHED}` : '';
    return { ...change, message: `Base workflow deleted successfully!${note}` };
  }
}
