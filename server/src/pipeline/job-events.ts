import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { isFinalJobStatus, type Job, type JobProgress } from '@atelier/shared';
import { toGalleryItemDto } from '../gallery/gallery-item.mapper.js';
import type { GalleryItemEntity } from '../gallery/gallery-item.entity.js';
import type { JobEntity } from '../jobs/job.entity.js';
import { toJobDto } from '../jobs/job.mapper.js';
import { MediaUrlSigner } from '../media/media-url-signer.js';
import { QueueBroadcaster } from '../realtime/queue-broadcaster.js';
import type { RealtimePublisher } from '../realtime/realtime-publisher.js';
import { REALTIME_PUBLISHER } from '../realtime/realtime-tokens.js';
import { TrailingThrottle } from './trailing-throttle.js';

/**
 * A job's updates and step progress go out at most this often, the last one of an interval at its
 * end; status changes and a job's or an item's last step at once.
 */
export const JOB_EVENT_INTERVAL_MS = 250;

/** The worker's side of DESIGN section 6: what a job run tells the browsers. */
@Injectable()
export class JobEvents implements OnApplicationShutdown {
  private readonly lastStatus = new Map<number, string>();
  private readonly jobUpdates: TrailingThrottle<number, { job: Job; ownerId: number }>;
  private readonly progressUpdates: TrailingThrottle<number, { progress: JobProgress; ownerId: number }>;

  constructor(
    @Inject(REALTIME_PUBLISHER) private readonly publisher: RealtimePublisher,
    private readonly broadcaster: QueueBroadcaster,
    private readonly signer: MediaUrlSigner,
  ) {
    this.jobUpdates = new TrailingThrottle(JOB_EVENT_INTERVAL_MS, ({ job, ownerId }) =>
      publisher.jobUpdated(job, ownerId),
    );
    this.progressUpdates = new TrailingThrottle(JOB_EVENT_INTERVAL_MS, ({ progress, ownerId }) =>
      publisher.jobProgress(progress, ownerId),
    );
  }

  jobChanged(job: JobEntity, username: string): void {
    const urgent = this.lastStatus.get(job.id) !== job.status || job.nextBatchIndex >= job.batchSize;
    this.lastStatus.set(job.id, job.status);
    this.jobUpdates.offer(job.id, { job: toJobDto(job, username), ownerId: job.userId }, urgent);
    if (isFinalJobStatus(job.status)) {
      this.lastStatus.delete(job.id);
      this.jobUpdates.forget(job.id);
      this.progressUpdates.forget(job.id);
    }
    this.broadcaster.changed();
  }

  progress(job: JobEntity, batchIndex: number, value: number, max: number): void {
    const progress = { job_id: job.id, batch_index: batchIndex, value, max };
    this.progressUpdates.offer(job.id, { progress, ownerId: job.userId }, value >= max);
  }

  itemsCreated(items: GalleryItemEntity[]): void {
    for (const item of items) this.publisher.galleryItemCreated(toGalleryItemDto(item, this.signer, null), item.userId);
  }

  onApplicationShutdown(): void {
    this.jobUpdates.close();
    this.progressUpdates.close();
  }
}
