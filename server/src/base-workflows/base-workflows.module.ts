import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { BaseWorkflowStoreModule } from './base-workflow-store.module.js';
import { BaseWorkflowsController } from './base-workflows.controller.js';
import { BaseWorkflowsService } from './base-workflows.service.js';

@Module({
  imports: [BaseWorkflowStoreModule, WorkflowsModule, UsersModule, AuthModule],
  controllers: [BaseWorkflowsController],
  providers: [BaseWorkflowsService],
  exports: [BaseWorkflowsService],
})
export class BaseWorkflowsModule {}
