import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { overrideDefinitionInputSchema, type OverrideDefinition, type SessionUser } from '@atelier/shared';
import type { z } from 'zod';
import { AdminOnly, CurrentUser } from '../auth/auth.decorators.js';
import { IdParamPipe } from '../common/id-param.pipe.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { OverrideDefinitionsService } from './override-definitions.service.js';

type DefinitionInput = z.output<typeof overrideDefinitionInputSchema>;

@Controller('override-definitions')
@AdminOnly()
export class OverrideDefinitionsController {
  constructor(private readonly definitions: OverrideDefinitionsService) {}

  @Get('missing-keys')
  missingKeys(): Promise<{ missing_keys_by_workflow: Record<string, string[]> }> {
    return this.definitions.missingKeys();
  }

  @Get()
  list(): Promise<OverrideDefinition[]> {
    return this.definitions.list();
  }

  @Post()
  create(
    @Body(new ZodValidationPipe(overrideDefinitionInputSchema)) body: DefinitionInput,
  ): Promise<OverrideDefinition> {
    return this.definitions.create(body);
  }

  /** Checked by the service against the definition as it stands: a field left out keeps its value. */
  @Put(':id')
  update(@Param('id', IdParamPipe) id: number, @Body() body: unknown): Promise<OverrideDefinition> {
    return this.definitions.update(id, body);
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(
    @CurrentUser() user: SessionUser,
    @Param('id', IdParamPipe) id: number,
    @Body() body: { confirmPassword?: unknown } | undefined,
  ): Promise<{ message: string }> {
    await this.definitions.delete(user, id, body?.confirmPassword);
    return { message: 'Override definition deleted successfully!' };
  }
}
