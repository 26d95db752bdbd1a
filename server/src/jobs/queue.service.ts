import { Injectable } from '@nestjs/common';
import type { QueueStatus } from '@atelier/shared';
import { WorkerRegistry } from '../workers/worker-registry.js';
import { toQueueJobDto } from './job.mapper.js';
import { JobsRepository } from './jobs.repository.js';

/** Seconds per item assumed for a workflow with no recent history (DESIGN section 3). */
export const DEFAULT_SECONDS_PER_ITEM = 30;

@Injectable()
export class QueueService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly workers: WorkerRegistry,
  ) {}

  /** The shared queue view of DESIGN section 3. */
  async status(): Promise<QueueStatus> {
    // read just before the jobs: a later view, from this process or another, always reads later
    const asOf = await this.jobs.clockMicros();
    const active = await this.jobs.findActiveInOrder();
    const workflowIds = [...new Set(active.map((a) => a.job.workflowId).filter((id): id is number => id !== null))];
    const [rates, slots] = await Promise.all([
      this.jobs.secondsPerItemByWorkflow(workflowIds),
      this.workers.liveSlots(),
    ]);

    let processing = 0;
    let queued = 0;
    let submitting = 0;
    let totalItems = 0;
    let workSeconds = 0;
    for (const { job } of active) {
      if (job.status === 'processing') processing++;
      else if (job.status === 'queued') queued++;
      else submitting++;
      const remaining = Math.max(0, job.batchSize - job.nextBatchIndex);
      totalItems += remaining;
      const rate = (job.workflowId !== null ? rates.get(job.workflowId) : undefined) ?? DEFAULT_SECONDS_PER_ITEM;
      workSeconds += remaining * rate;
    }

    const running = active.filter((a) => a.job.status !== 'queued').map((a) => toQueueJobDto(a.job, a.username));
    return {
      as_of: asOf,
      stats: {
        processing,
        queued,
        submitting,
        total_items: totalItems,
        // a job's seconds per item are its own wall time, so each job slot of a live worker runs at that rate
        estimated_wait_time: wholeSecondsUp(workSeconds / Math.max(1, slots)),
      },
      current_job: running[0] ?? null,
      running_jobs: running,
      upcoming_jobs: active.filter((a) => a.job.status === 'queued').map((a) => toQueueJobDto(a.job, a.username)),
    };
  }
}

/**
 * Seconds rounded up, as the screen rounds the minutes up (SPEC section 9): rounded to the nearest
 * second, 60.4 s of work read as 1 minute and 0.4 s as none while an item waited. Sums of rates
 * carry float noise (60.000000001), which is not a second more.
 */
function wholeSecondsUp(seconds: number): number {
  return Math.ceil(Math.round(seconds * 1000) / 1000);
}
