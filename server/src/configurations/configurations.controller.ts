import { Body, Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  configurationIdParamsSchema,
  saveConfigurationRequestSchema,
  type Configuration,
  type SessionUser,
} from '@atelier/shared';
import { CurrentUser } from '../auth/auth.decorators.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { ConfigurationsService, type SaveConfigurationInput } from './configurations.service.js';

const idPipe = new ZodValidationPipe(configurationIdParamsSchema);

@Controller()
export class ConfigurationsController {
  constructor(private readonly configurations: ConfigurationsService) {}

  @Get('workflows/:id/configurations')
  list(@CurrentUser() user: SessionUser, @Param(idPipe) { id }: { id: number }): Promise<Configuration[]> {
    return this.configurations.listForWorkflow(user, id);
  }

  /** 201 for a new name, 200 when it replaced the values saved under that name. */
  @Post('configurations')
  async save(
    @CurrentUser() user: SessionUser,
    @Body(new ZodValidationPipe(saveConfigurationRequestSchema)) body: SaveConfigurationInput,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Configuration> {
    const { configuration, created } = await this.configurations.save(user, body);
    res.status(created ? 201 : 200);
    return configuration;
  }

  @Delete('configurations/:id')
  async remove(@CurrentUser() user: SessionUser, @Param(idPipe) { id }: { id: number }): Promise<{ message: string }> {
    await this.configurations.remove(user, id);
    return { message: 'Configuration deleted' };
  }
}
