import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module.js';
import { BaseWorkflowStoreModule } from '../base-workflows/base-workflow-store.module.js';
import { JobsCoreModule } from '../jobs/jobs-core.module.js';
import { WorkerRealtimeModule } from '../realtime/worker-realtime.module.js';
import { UsersModule } from '../users/users.module.js';
import { WorkflowsModule } from '../workflows/workflows.module.js';
import { PipelineMetrics } from '../metrics/pipeline-metrics.js';
import { CancelListener } from './cancel-listener.js';
import { GenerationWorker } from './generation-worker.js';
import { ItemRunner } from './item-runner.js';
import { JobEvents } from './job-events.js';
import { JobProgressRepository } from './job-progress.repository.js';
import { JobReconciler } from './job-reconciler.js';
import { JobRunner } from './job-runner.js';
import { MediaStore } from './media-store.js';
import { ProviderRegistry } from './provider-registry.js';
import { WorkflowContextLoader } from './workflow-context.js';

/** The worker process's consumers: running jobs through the providers. */
@Module({
  imports: [JobsCoreModule, WorkerRealtimeModule, WorkflowsModule, BaseWorkflowStoreModule, UsersModule, AssetsModule],
  providers: [
    ProviderRegistry,
    WorkflowContextLoader,
    MediaStore,
    ItemRunner,
    JobProgressRepository,
    JobEvents,
    CancelListener,
    JobRunner,
    GenerationWorker,
    JobReconciler,
    PipelineMetrics,
  ],
  exports: [PipelineMetrics],
})
export class PipelineModule {}
