import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BaseWorkflowStoreModule } from '../base-workflows/base-workflow-store.module.js';
import { WorkflowAccessService } from './workflow-access.service.js';
import { WorkflowFavoriteEntity } from './workflow-favorite.entity.js';
import { WorkflowOverrideEntity } from './workflow-override.entity.js';
import { WorkflowOverridesController } from './workflow-overrides.controller.js';
import { WorkflowOverridesRepository } from './workflow-overrides.repository.js';
import { WorkflowOverridesService } from './workflow-overrides.service.js';
import { WorkflowPermissionEntity } from './workflow-permission.entity.js';
import { WorkflowSyncService } from './workflow-sync.service.js';
import { WorkflowEntity } from './workflow.entity.js';
import { WorkflowsController } from './workflows.controller.js';
import { WorkflowsRepository } from './workflows.repository.js';
import { WorkflowsService } from './workflows.service.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      WorkflowEntity,
      WorkflowPermissionEntity,
      WorkflowFavoriteEntity,
      WorkflowOverrideEntity,
    ]),
    BaseWorkflowStoreModule,
  ],
  controllers: [WorkflowsController, WorkflowOverridesController],
  providers: [
    WorkflowAccessService,
    WorkflowsRepository,
    WorkflowOverridesRepository,
    WorkflowOverridesService,
    WorkflowsService,
    WorkflowSyncService,
  ],
  exports: [
    WorkflowAccessService,
    WorkflowsService,
    WorkflowSyncService,
    WorkflowOverridesService,
    WorkflowOverridesRepository,
    WorkflowsRepository,
  ],
})
export class WorkflowsModule {}
