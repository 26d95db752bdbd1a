import type { Job } from '@atelier/shared';
import type { JobEntity } from './job.entity.js';

/** The public shape of a job (SPEC section 3). */
export function toJobDto(job: JobEntity, username: string): Job {
  return {
    id: job.id,
    job_name: job.jobName,
    workflow_id: job.workflowId,
    workflow_name: job.workflowName,
    username,
    parameters: job.parameters,
    batch_size: job.batchSize,
    batch_completed: job.batchCompleted,
    rejection_count: job.rejectionCount,
    failed_count: job.failedCount,
    rejection_reasons: job.rejectionReasons,
    status: job.status,
    priority: job.priority,
    error_message: job.errorMessage,
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    completed_at: job.completedAt?.toISOString() ?? null,
    actual_duration: job.actualDuration,
    estimated_duration: job.estimatedDuration,
  };
}

/**
 * A job as the shared queue shows it to every signed-in user (GET /api/queue and `queue:updated`,
 * one payload for all): the queue screen shows name, workflow, owner, size, progress and times.
 * What the owner typed (parameters, often a prompt) and why their items failed stay with the
 * owner's own job views; the shape is kept so one Job type serves both.
 */
export function toQueueJobDto(job: JobEntity, username: string): Job {
  return { ...toJobDto(job, username), parameters: {}, rejection_reasons: [], error_message: null };
}
