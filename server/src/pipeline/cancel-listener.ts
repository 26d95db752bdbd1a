import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { ItemHandedBack } from '../generation/providers/generation-provider.js';
import { cancelChannel } from '../jobs/job-cancel-signal.js';
import { JobProgressRepository } from './job-progress.repository.js';

/** How often the jobs of running items are looked up in PostgreSQL for a cancel no message told, or a deletion. */
const CANCEL_CHECK_MS = 2000;

/**
 * Hears the API's cancel messages and aborts the controller of that job if this worker runs it,
 * so a running item stops (ComfyUI interrupt, external-server cancel, ffmpeg killed). A message is
 * fire and forget: one sent while Redis was down, or while this worker's subscription was, never
 * arrives. The cancel itself is in the job's row, so that is read too while items run; a job whose
 * row is gone (its user deleted) is stopped as well, rather than keep the generation server busy.
 */
@Injectable()
export class CancelListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly running = new Map<number, Set<AbortController>>();
  private subscriber: Redis | undefined;
  private checker: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly progress: JobProgressRepository,
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
    this.checker ??= setInterval(() => void this.checkCancelled(), CANCEL_CHECK_MS).unref();
    return {
      signal: controller.signal,
      release: () => {
        set.delete(controller);
        if (set.size === 0) this.running.delete(jobId);
        if (this.running.size === 0) this.stopChecking();
      },
    };
  }

  /** Stops every running item, their jobs handed back at shutdown (see ItemHandedBack). */
  abortAllHandedBack(): void {
    const reason = new ItemHandedBack();
    for (const controllers of this.running.values()) for (const controller of controllers) controller.abort(reason);
  }

  private abort(jobId: number): void {
    const controllers = [...(this.running.get(jobId) ?? [])].filter((controller) => !controller.signal.aborted);
    if (controllers.length === 0) return;
    this.logger.info({ jobId }, 'cancelling the running item');
    for (const controller of controllers) controller.abort();
  }

  private async checkCancelled(): Promise<void> {
    if (this.checking || this.running.size === 0) return;
    this.checking = true;
    try {
      for (const jobId of await this.progress.stoppedAmong([...this.running.keys()])) this.abort(jobId);
    } catch (error) {
      // PostgreSQL away too: the next round asks again, and the runner reads the row between items
      this.logger.debug({ err: error }, 'could not look for cancelled jobs');
    } finally {
      this.checking = false;
    }
  }

  private stopChecking(): void {
    clearInterval(this.checker);
    this.checker = undefined;
  }

  onApplicationShutdown(): void {
    this.stopChecking();
    this.subscriber?.disconnect();
  }
}
