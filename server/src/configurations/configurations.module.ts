import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkflowParametersModule } from '../jobs/workflow-parameters.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { ConfigurationEntity } from './configuration.entity.js';
import { ConfigurationsController } from './configurations.controller.js';
import { ConfigurationsRepository } from './configurations.repository.js';
import { ConfigurationsService } from './configurations.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ConfigurationEntity]), WorkflowsModule, WorkflowParametersModule],
  controllers: [ConfigurationsController],
  providers: [ConfigurationsRepository, ConfigurationsService],
})
export class ConfigurationsModule {}
