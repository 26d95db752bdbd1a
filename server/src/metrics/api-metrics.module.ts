import { Global, Module } from '@nestjs/common';
import { QueueModule } from '../queue/queue.module.js';
import { ApiMetrics } from './api-metrics.js';

@Global()
@Module({ imports: [QueueModule], providers: [ApiMetrics], exports: [ApiMetrics] })
export class ApiMetricsModule {}
