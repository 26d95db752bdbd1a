import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from './common/core.module.js';
import type { Runtime } from './common/runtime.js';
import { DatabaseModule } from './database/database.module.js';
import { MediaModule } from './media/media.module.js';
import { PipelineModule } from './pipeline/pipeline.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SecretsModule } from './secrets/secrets.module.js';
import { WorkerHeartbeat } from './workers/worker-heartbeat.js';
import { WorkersModule } from './workers/workers.module.js';

/** The worker process: queue consumers only, no HTTP port. */
@Module({})
export class WorkerModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.forRoot(runtime),
        SecretsModule,
        DatabaseModule,
        RedisModule,
        WorkersModule,
        MediaModule,
        PipelineModule,
      ],
      providers: [WorkerHeartbeat],
    };
  }
}
