import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { JobsRepository } from '../jobs/jobs.repository.js';
import { bullPriority, runJobPayload } from '../queue/generation-queue.js';
import { bullPrefix, DEFAULT_JOB_OPTIONS, producerConnection } from '../queue/bullmq-options.js';
import { bullJobId, GENERATION_QUEUE } from '../queue/queue-registry.js';

export const RECONCILE_INTERVAL_MS = 30_000;

/**
 * PostgreSQL is the record of what must run; Redis only schedules it. Any unfinished job with no
 * live queue entry is enqueued again: none at all (Redis lost its data, an enqueue failed after the
 * row was written), or one that failed for good (its tries ran out while the database was away).
 */
@Injectable()
export class JobReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private queue: Queue | undefined;
  private connection: Redis | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly jobs: JobsRepository,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.connection = producerConnection(this.runtime.redisUrl);
    this.connection.on('error', () => undefined);
    this.queue = new Queue(GENERATION_QUEUE, { connection: this.connection, prefix: bullPrefix(this.runtime.config) });
    this.queue.on('error', () => undefined);
    void this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  async reconcile(): Promise<number> {
    if (!this.queue) return 0;
    try {
      let added = 0;
      for (const { job } of await this.jobs.findActiveInOrder()) {
        const entry = await this.queue.getJob(bullJobId(job));
        if (entry) {
          if ((await entry.getState()) !== 'failed') continue;
          // the same id cannot be added while the failed entry holds it
          await entry.remove();
        }
        await this.queue.add('run-job', runJobPayload(job), {
          ...DEFAULT_JOB_OPTIONS,
          jobId: bullJobId(job),
          priority: bullPriority(job.priority),
        });
        added++;
      }
      if (added) this.logger.warn({ added }, 're-enqueued unfinished jobs that had no live queue entry');
      return added;
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'could not reconcile the queue');
      return 0;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.queue?.close();
    this.connection?.disconnect();
  }
}
