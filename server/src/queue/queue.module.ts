import { Module } from '@nestjs/common';
import { GenerationQueue } from './generation-queue.js';

@Module({ providers: [GenerationQueue], exports: [GenerationQueue] })
export class QueueModule {}
