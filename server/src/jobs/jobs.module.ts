import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkersModule } from '../workers/workers.module.js';
import { JobEntity } from './job.entity.js';
import { JobsRepository } from './jobs.repository.js';
import { QueueController } from './queue.controller.js';
import { QueueService } from './queue.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([JobEntity]), WorkersModule],
  controllers: [QueueController],
  providers: [JobsRepository, QueueService],
})
export class JobsModule {}
