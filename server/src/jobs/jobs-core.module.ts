import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkersModule } from '../workers/workers.module.js';
import { JobEntity } from './job.entity.js';
import { JobsRepository } from './jobs.repository.js';
import { QueueService } from './queue.service.js';

/** What both processes need of jobs: the table and the shared queue view. */
@Module({
  imports: [TypeOrmModule.forFeature([JobEntity]), WorkersModule],
  providers: [JobsRepository, QueueService],
  exports: [JobsRepository, QueueService],
})
export class JobsCoreModule {}
