import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/runtime.js';
import { QueueService } from '../jobs/queue.service.js';
import { REALTIME_PUBLISHER } from './realtime-tokens.js';
import type { RealtimePublisher } from './realtime-publisher.js';

/** At most this often, whatever the item rate: the queue view is a few queries. */
export const QUEUE_BROADCAST_INTERVAL_MS = 300;

/**
 * Pushes `queue:updated` after a change. Bursts (an item finishing every few milliseconds) are
 * folded into one push per interval, the last state always sent.
 */
@Injectable()
export class QueueBroadcaster implements OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private pending = false;
  private lastSent = 0;
  private closed = false;

  constructor(
    private readonly queue: QueueService,
    @Inject(REALTIME_PUBLISHER) private readonly publisher: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  changed(): void {
    if (this.closed) return;
    this.pending = true;
    if (this.timer) return;
    const wait = Math.max(0, this.lastSent + QUEUE_BROADCAST_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    if (!this.pending || this.closed) return;
    this.pending = false;
    this.lastSent = Date.now();
    try {
      this.publisher.queueUpdated(await this.queue.status());
    } catch (err) {
      this.logger.warn({ err }, 'could not broadcast the queue');
    }
  }

  onApplicationShutdown(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }
}
