import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { WORKER_HEARTBEAT_INTERVAL_MS, WorkerRegistry } from './worker-registry.js';

/** Runs in the worker process: keeps this worker counted while it lives. */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly workerId = `${hostname()}:${process.pid}`;
  /** The jobs this process runs at once (GenerationWorker's concurrency). */
  private readonly slots: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly registry: WorkerRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(RUNTIME) runtime: Runtime,
  ) {
    this.slots = runtime.config.worker.concurrency;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), WORKER_HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.registry.remove(this.workerId, this.slots).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    await this.registry
      .beat(this.workerId, this.slots)
      .catch((err: unknown) => this.logger.warn({ err }, 'worker heartbeat failed'));
  }
}
