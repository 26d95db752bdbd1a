import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module.js';
import { BaseWorkflowStoreModule } from '../base-workflows/base-workflow-store.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { SlugGraphKeys } from './slug-graph-keys.js';
import { WorkflowParameters } from './workflow-parameters.js';

/** The check of a workflow's values, shared by job submission and saved configurations. */
@Module({
  imports: [WorkflowsModule, AssetsModule, BaseWorkflowStoreModule],
  providers: [WorkflowParameters, SlugGraphKeys],
  exports: [WorkflowParameters],
})
export class WorkflowParametersModule {}
