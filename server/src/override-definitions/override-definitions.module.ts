import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { BaseWorkflowStoreModule } from '../base-workflows/base-workflow-store.module.js';
import { OverrideDefinitionEntity } from './override-definition.entity.js';
import { OverrideDefinitionsController } from './override-definitions.controller.js';
import { OverrideDefinitionsRepository } from './override-definitions.repository.js';
import { OverrideDefinitionsService } from './override-definitions.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([OverrideDefinitionEntity]), AuthModule, BaseWorkflowStoreModule],
  controllers: [OverrideDefinitionsController],
  providers: [OverrideDefinitionsRepository, OverrideDefinitionsService],
  exports: [OverrideDefinitionsRepository],
})
export class OverrideDefinitionsModule {}
