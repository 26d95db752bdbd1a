import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { bullPrefix, cappedBackoff, workerConnection } from '../queue/bullmq-options.js';
import { assertHandlers, GENERATION_QUEUE, type JobPayloads } from '../queue/queue-registry.js';
import { JobRunner } from './job-runner.js';

/**
 * The BullMQ consumer of the worker process. A killed worker's job is noticed as stalled after
 * the lock expires and resumes on another worker from its checkpoint; stalls never fail a job.
 */
@Injectable()
export class GenerationWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<JobPayloads['run-job']> | undefined;
  private queue: Queue | undefined;
  private connections: Redis[] = [];

  constructor(
    private readonly runner: JobRunner,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    assertHandlers([this.runner]);
    const { config, redisUrl } = this.runtime;
    const prefix = bullPrefix(config);
    const [workerRedis, queueRedis] = [workerConnection(redisUrl), workerConnection(redisUrl)];
    this.connections = [workerRedis, queueRedis];
    this.queue = new Queue(GENERATION_QUEUE, { connection: queueRedis, prefix });
    const queue = this.queue;
    // asked before every item once a slice is done: both counts in one round trip to Redis
    const probe = {
      othersWaiting: async () => (await queue.getJobCountByTypes('waiting', 'prioritized')) > 0,
    };
    this.worker = new Worker<JobPayloads['run-job']>(
      GENERATION_QUEUE,
      (job, token) => this.runner.process(job, token, probe),
      {
        connection: workerRedis,
        prefix,
        concurrency: config.worker.concurrency,
        lockDuration: config.worker.lockDurationMs,
        stalledInterval: config.worker.stalledIntervalMs,
        maxStalledCount: 1000,
        autorun: true,
        settings: { backoffStrategy: cappedBackoff },
      },
    );
    this.worker.on('failed', (job, err) =>
      this.logger.error({ jobId: job?.data.jobId, err: err.message }, 'job run failed; it will be retried'),
    );
    this.worker.on('error', (err) => this.logger.warn({ err: err.message }, 'queue worker error'));
    // without a listener BullMQ prints each connection error and its stack with console.error,
    // breaking the one-JSON-object-per-line log while Redis is down
    this.queue.on('error', (err) => this.logger.warn({ err: err.message }, 'queue error'));
    this.logger.info({ concurrency: config.worker.concurrency }, 'generation worker consuming');
  }

  /**
   * Stops taking jobs; running ones give their place back after the current item. An item still
   * running when half the grace period is over is left behind and its job handed back at once, so
   * that the process ends within the grace period and another worker resumes the job right away
   * (not only once its lock has lapsed); the item itself is stopped on the generation server.
   */
  async onApplicationShutdown(): Promise<void> {
    this.runner.stopping = true;
    if (this.worker) {
      await this.worker.pause(true);
      let timer: NodeJS.Timeout | undefined;
      const halfGrace = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.runtime.config.shutdownGraceMs / 2);
      });
      const finished = await Promise.race([this.runner.whenIdle().then(() => true as const), halfGrace]);
      clearTimeout(timer);
      if (!finished) {
        // a quarter of the grace period for the stopped items to tell the generation server
        const jobs = await this.runner.handBackRunning(this.runtime.config.shutdownGraceMs / 4);
        this.logger.warn({ jobs }, 'items were still running at shutdown; their jobs were handed back');
      }
      await this.worker.close(!finished);
    }
    await this.queue?.close();
    for (const connection of this.connections) connection.disconnect();
  }
}
