import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import type { Logger } from 'pino';
import { AssetsModule } from './assets/assets.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BaseWorkflowsModule } from './base-workflows/base-workflows.module.js';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import { CoreModule } from './common/core.module.js';
import { ConfigurationsModule } from './configurations/configurations.module.js';
import { SafeInputPipe } from './common/safe-input.pipe.js';
import { HttpErrorFilter } from './common/http-error.filter.js';
import { LOGGER, type Runtime } from './common/runtime.js';
import { DatabaseModule } from './database/database.module.js';
import { GalleryModule } from './gallery/gallery.module.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { MediaModule } from './media/media.module.js';
import { ApiMetricsModule } from './metrics/api-metrics.module.js';
import { OverrideDefinitionsModule } from './override-definitions/override-definitions.module.js';
import { QueueDashboardModule } from './queue-dashboard/queue-dashboard.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SecretsModule } from './secrets/secrets.module.js';
import { UsersModule } from './users/users.module.js';
import { WorkflowsModule } from './workflows/workflows.module.js';

/** The API process: REST under /api (and, from the pipeline issue on, Socket.IO). */
@Module({})
export class AppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(runtime),
        SecretsModule,
        DatabaseModule,
        RedisModule,
        ApiMetricsModule,
        AuthModule,
        UsersModule,
        HealthModule,
        JobsModule,
        WorkflowsModule,
        MediaModule,
        OverrideDefinitionsModule,
        BaseWorkflowsModule,
        CatalogueModule,
        GalleryModule,
        AnalyticsModule,
        ConfigurationsModule,
        AssetsModule,
        QueueDashboardModule,
      ],
      providers: [
        { provide: APP_FILTER, inject: [LOGGER], useFactory: (logger: Logger) => new HttpErrorFilter(logger) },
        { provide: APP_PIPE, useClass: SafeInputPipe },
      ],
    };
  }
}
