import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const JOB_STATUSES = [
  'queued',
  'submitting',
  'processing',
  'completed',
  'failed',
  'cancelled',
  'partial_success',
] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const ACTIVE_JOB_STATUSES = ['queued', 'submitting', 'processing'] as const satisfies readonly JobStatus[];
export const FINAL_JOB_STATUSES = [
  'completed',
  'failed',
  'cancelled',
  'partial_success',
] as const satisfies readonly JobStatus[];

/** False for a status this client does not know: it may yet move on, so it is still polled. */
export function isFinalJobStatus(status: string): boolean {
  return (FINAL_JOB_STATUSES as readonly string[]).includes(status);
}

/**
 * A status as answers carry it: one of JOB_STATUSES, or a value this client does not know (from a
 * newer server), which still parses and reads as unknown (SPEC section 4) instead of failing the
 * whole answer it came in: a history page, a job, the queue.
 */
export const jobStatusReadSchema = z.union([jobStatusSchema, z.string()]);

export const rejectionReasonSchema = z.object({
  batch_index: z.number().int(),
  reason: z.string(),
  timestamp: isoDateSchema,
});
export type RejectionReason = z.infer<typeof rejectionReasonSchema>;

/** SPEC section 3, Job. Durations in seconds. */
export const jobSchema = z.object({
  id: z.number().int(),
  job_name: z.string(),
  workflow_id: z.number().int().nullable(),
  workflow_name: z.string(),
  username: z.string(),
  parameters: z.record(z.string(), z.unknown()),
  batch_size: z.number().int(),
  batch_completed: z.number().int(),
  rejection_count: z.number().int(),
  /** Items that failed after their tries (neither generated nor refused for content). */
  failed_count: z.number().int(),
  rejection_reasons: z.array(rejectionReasonSchema),
  status: jobStatusReadSchema,
  priority: z.number().int(),
  error_message: z.string().nullable(),
  created_at: isoDateSchema,
  started_at: isoDateSchema.nullable(),
  completed_at: isoDateSchema.nullable(),
  actual_duration: z.number().nullable(),
  estimated_duration: z.number().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** SPEC section 3, Queue status. estimated_wait_time in seconds. */
export const queueStatsSchema = z.object({
  processing: z.number().int(),
  queued: z.number().int(),
  submitting: z.number().int(),
  total_items: z.number().int(),
  estimated_wait_time: z.number(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

/** Shared by every signed-in user: its jobs carry no parameters, rejection reasons or error message. */
export const queueStatusSchema = z.object({
  /**
   * When the view was read, in microseconds of the database's clock. Pushes (from API and worker
   * processes) and poll answers can arrive out of order: a browser keeps the view read last.
   */
  as_of: z.number().int(),
  stats: queueStatsSchema,
  /** The first of `running_jobs`: SPEC's shape, kept for readers that know only one. */
  current_job: jobSchema.nullable(),
  /** Every job a worker has taken and not finished (several run at once), oldest first. */
  running_jobs: z.array(jobSchema),
  upcoming_jobs: z.array(jobSchema),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;

export const jobProgressSchema = z.object({
  job_id: z.number().int(),
  batch_index: z.number().int(),
  value: z.number(),
  max: z.number(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;
