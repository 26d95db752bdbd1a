import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { bullPrefix, DEFAULT_JOB_OPTIONS, producerConnection } from './bullmq-options.js';
import { bullJobId, GENERATION_QUEUE, type JobPayloads } from './queue-registry.js';

/** BullMQ priorities: 1 is served first; Atelier's job priority is "higher first", 0 by default. */
export function bullPriority(priority: number): number {
  return Math.max(1, Math.min(2_097_152, 1000 - priority));
}

export type QueuedJob = { id: number; createdAt: Date; priority: number };

export function runJobPayload(job: QueuedJob): JobPayloads['run-job'] {
  return { jobId: job.id };
}

/** The producer side of the generation queue: the API only enqueues. */
@Injectable()
export class GenerationQueue implements OnApplicationShutdown {
  readonly queue: Queue;
  private readonly connection: Redis;

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    this.connection = producerConnection(runtime.redisUrl);
    this.connection.on('error', () => undefined);
    this.queue = new Queue(GENERATION_QUEUE, {
      connection: this.connection,
      prefix: bullPrefix(runtime.config),
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    this.queue.on('error', () => undefined);
  }

  /** Idempotent: the queue id is derived from the Atelier job's row. */
  async enqueue(job: QueuedJob): Promise<void> {
    await this.queue.add('run-job', runJobPayload(job), {
      jobId: bullJobId(job),
      priority: bullPriority(job.priority),
    });
  }

  async remove(job: QueuedJob): Promise<void> {
    await this.queue.remove(bullJobId(job)).catch(() => 0);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}
