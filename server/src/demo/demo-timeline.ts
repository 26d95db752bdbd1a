import type { RejectionReason } from '@atelier/shared';
import { seededRandom } from '../generation/providers/builtin/seeded-random.js';
import type { DemoJob } from './demo-jobs.js';
import type { RetimedJob } from './demo.repository.js';
import type { SampleWorkflowKey } from './sample-workflows.js';

/** Seconds per item as a GPU would take them, so durations and queue estimates look like real use. */
const SECONDS_PER_ITEM: Record<SampleWorkflowKey, number> = {
  textToImage: 6,
  fluxPortrait: 11,
  sdxlLandscape: 8,
  textToVideo: 35,
  upscale: 4,
};

const MINUTE_MS = 60_000;

export function estimatedSeconds(job: DemoJob): number {
  return Math.round(job.batchSize * SECONDS_PER_ITEM[job.workflow]);
}

/**
 * When a demo job happened: submitted `daysAgo` days before `now` at about its hour (never later
 * than ten minutes before now, with all its items), started after a short wait, its `processed`
 * items one after the other. Jitter comes from the job's name, so a run is reproducible.
 */
export function jobTimeline(
  id: number,
  job: DemoJob,
  processed: number,
  rejections: RejectionReason[],
  now: Date,
): RetimedJob {
  const random = seededRandom(job.daysAgo, job.name);
  const secondsPerItem = SECONDS_PER_ITEM[job.workflow] * (0.85 + 0.3 * random());
  const waitMs = (4 + 50 * random()) * 1000;
  const runMs = (processed * secondsPerItem + 2) * 1000;
  const submitted = new Date(now);
  submitted.setDate(submitted.getDate() - job.daysAgo);
  submitted.setHours(job.hour, Math.floor(60 * random()), Math.floor(60 * random()), 0);
  const createdAt = new Date(Math.min(submitted.getTime(), now.getTime() - waitMs - runMs - 10 * MINUTE_MS));
  const startedAt = new Date(createdAt.getTime() + waitMs);
  const itemAt = (batchIndex: number) => new Date(startedAt.getTime() + (batchIndex + 1) * secondsPerItem * 1000);
  return {
    id,
    createdAt,
    startedAt,
    endedAt: new Date(startedAt.getTime() + runMs),
    secondsPerItem,
    rejectionReasons: rejections.map((r) => ({ ...r, timestamp: itemAt(r.batch_index).toISOString() })),
  };
}

/** A demo account exists a few days before its first job. */
export function accountCreatedAt(jobs: DemoJob[], now: Date): Date {
  const days = Math.max(0, ...jobs.map((j) => j.daysAgo)) + 3;
  return new Date(now.getTime() - days * 24 * 60 * MINUTE_MS);
}

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * MINUTE_MS);
}
