import { Inject, Injectable } from '@nestjs/common';
import { isFinalJobStatus } from '@atelier/shared';
import { toGalleryItemDto } from '../gallery/gallery-item.mapper.js';
import type { GalleryItemEntity } from '../gallery/gallery-item.entity.js';
import type { JobEntity } from '../jobs/job.entity.js';
import { toJobDto } from '../jobs/job.mapper.js';
import { MediaUrlSigner } from '../media/media-url-signer.js';
import { QueueBroadcaster } from '../realtime/queue-broadcaster.js';
import type { RealtimePublisher } from '../realtime/realtime-publisher.js';
import { REALTIME_PUBLISHER } from '../realtime/realtime-tokens.js';

/** A job's updates and step progress go out at most this often; status changes always at once. */
export const JOB_EVENT_INTERVAL_MS = 250;

/** The worker's side of DESIGN section 6: what a job run tells the browsers. */
@Injectable()
export class JobEvents {
  private readonly lastJobEvent = new Map<number, { at: number; status: string }>();
  private readonly lastProgress = new Map<number, number>();

  constructor(
    @Inject(REALTIME_PUBLISHER) private readonly publisher: RealtimePublisher,
    private readonly broadcaster: QueueBroadcaster,
    private readonly signer: MediaUrlSigner,
  ) {}

  jobChanged(job: JobEntity, username: string): void {
    const last = this.lastJobEvent.get(job.id);
    const now = Date.now();
    const statusChanged = !last || last.status !== job.status;
    if (statusChanged || now - last.at >= JOB_EVENT_INTERVAL_MS || job.nextBatchIndex >= job.batchSize) {
      this.publisher.jobUpdated(toJobDto(job, username), job.userId);
      this.lastJobEvent.set(job.id, { at: now, status: job.status });
    }
    if (isFinalJobStatus(job.status)) {
      this.lastJobEvent.delete(job.id);
      this.lastProgress.delete(job.id);
    }
    this.broadcaster.changed();
  }

  progress(job: JobEntity, batchIndex: number, value: number, max: number): void {
    const now = Date.now();
    if (value < max && now - (this.lastProgress.get(job.id) ?? 0) < JOB_EVENT_INTERVAL_MS) return;
    this.lastProgress.set(job.id, now);
    this.publisher.jobProgress({ job_id: job.id, batch_index: batchIndex, value, max }, job.userId);
  }

  itemsCreated(items: GalleryItemEntity[]): void {
    for (const item of items) this.publisher.galleryItemCreated(toGalleryItemDto(item, this.signer, null), item.userId);
  }
}
