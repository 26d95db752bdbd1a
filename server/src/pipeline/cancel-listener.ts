import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { ItemHandedBack } from '../generation/providers/generation-provider.js';
import { cancelChannel } from '../jobs/job-cancel-signal.js';

/**
 * Hears the API's cancel messages and aborts the controller of that job if this worker runs it,
 * so a running item stops (ComfyUI interrupt, external-server cancel, ffmpeg killed).
 */
@Injectable()
export class CancelListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly running = new Map<number, Set<AbortController>>();
  private subscriber: Redis | undefined;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscriber = new Redis(this.runtime.redisUrl, { connectionName: 'atelier-worker-cancel' });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (_channel: string, message: string) => this.abort(Number(message)));
    await this.subscriber.subscribe(cancelChannel(this.runtime.config.redis.keyPrefix));
  }

  /** A controller aborted when the job is cancelled; release it when the item ends. */
  track(jobId: number): { signal: AbortSignal; release(): void } {
    const controller = new AbortController();
    const set = this.running.get(jobId) ?? new Set();
    set.add(controller);
    this.running.set(jobId, set);
    return {
      signal: controller.signal,
      release: () => {
        set.delete(controller);
        if (set.size === 0) this.running.delete(jobId);
      },
    };
  }

  /** Stops every running item, their jobs handed back at shutdown (see ItemHandedBack). */
  abortAllHandedBack(): void {
    const reason = new ItemHandedBack();
    for (const controllers of this.running.values()) for (const controller of controllers) controller.abort(reason);
  }

  private abort(jobId: number): void {
    const controllers = this.running.get(jobId);
    if (!controllers) return;
    this.logger.info({ jobId }, 'cancelling the running item');
    for (const controller of controllers) controller.abort();
  }

  onApplicationShutdown(): void {
    this.subscriber?.disconnect();
  }
}
