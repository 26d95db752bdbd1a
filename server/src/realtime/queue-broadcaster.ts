import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/runtime.js';
import { QueueService } from '../jobs/queue.service.js';
import { REALTIME_PUBLISHER } from './realtime-tokens.js';
import type { RealtimePublisher } from './realtime-publisher.js';

/** At most this often, whatever the item rate: the queue view is a few queries. */
export const QUEUE_BROADCAST_INTERVAL_MS = 300;

/**
 * A long queue makes a large view, and every connected browser gets each copy: with 200 queued jobs
 * and 500 sockets one push is some 50 MB of socket writes, which at 300 ms intervals starved the
 * API's own requests (the load bench saw submissions wait seconds). So the gap grows with the size
 * of the view: one millisecond per this many bytes.
 */
export const QUEUE_BROADCAST_BYTES_PER_MS = 50;

/** The gap after a push of `bytes`: the base interval, longer for a large view. */
export function broadcastGapMs(bytes: number): number {
  return Math.max(QUEUE_BROADCAST_INTERVAL_MS, Math.round(bytes / QUEUE_BROADCAST_BYTES_PER_MS));
}

/**
 * Pushes `queue:updated` after a change. Bursts (an item finishing every few milliseconds) are
 * folded into one push per interval, the last state always sent.
 */
@Injectable()
export class QueueBroadcaster implements OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private pending = false;
  private lastSent = 0;
  private gapMs = QUEUE_BROADCAST_INTERVAL_MS;
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
    const wait = Math.max(0, this.lastSent + this.gapMs - Date.now());
    this.timer = setTimeout(() => void this.flush(), wait);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    if (!this.pending || this.closed) return;
    this.pending = false;
    this.lastSent = Date.now();
    try {
      const status = await this.queue.status();
      this.gapMs = broadcastGapMs(JSON.stringify(status).length);
      this.publisher.queueUpdated(status);
    } catch (err) {
      this.logger.warn({ err }, 'could not broadcast the queue');
    }
  }

  onApplicationShutdown(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }
}
