import { Module } from '@nestjs/common';
import { BaseWorkflowStoreModule } from '../base-workflows/base-workflow-store.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { CatalogueSeeder } from './catalogue-seeder.js';

@Module({ imports: [BaseWorkflowStoreModule, WorkflowsModule], providers: [CatalogueSeeder] })
export class CatalogueModule {}
