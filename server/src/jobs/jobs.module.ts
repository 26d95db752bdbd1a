import { Module } from '@nestjs/common';
import { GalleryCoreModule } from '../gallery/gallery-core.module.js';
import { QueueModule } from '../queue/queue.module.js';
import { ApiRealtimeModule } from '../realtime/api-realtime.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { JobCancelSignal } from './job-cancel-signal.js';
import { JobSubmitRateLimiter } from './job-submit-rate-limiter.js';
import { JobsController } from './jobs.controller.js';
import { JobsCoreModule } from './jobs-core.module.js';
import { JobsService } from './jobs.service.js';
import { QueueController } from './queue.controller.js';
import { WorkflowParametersModule } from './workflow-parameters.module.js';

@Module({
  imports: [
    JobsCoreModule,
    QueueModule,
    ApiRealtimeModule,
    WorkflowsModule,
    GalleryCoreModule,
    WorkflowParametersModule,
  ],
  controllers: [QueueController, JobsController],
  providers: [JobsService, JobCancelSignal, JobSubmitRateLimiter],
})
export class JobsModule {}
