import { Module } from '@nestjs/common';
import { WorkerRegistry } from './worker-registry.js';

@Module({ providers: [WorkerRegistry], exports: [WorkerRegistry] })
export class WorkersModule {}
