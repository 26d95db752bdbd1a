import type { Job } from '@atelier/shared';

export type JobOutcome = 'partial-success' | 'content-policy' | 'generation-failed' | 'cancelled' | null;

type OutcomeFields = Pick<Job, 'status' | 'batch_completed' | 'rejection_reasons' | 'error_message'>;

/** Which panel of SPEC section 4 a finished job explains itself with, if any. */
export function jobOutcome(job: OutcomeFields): JobOutcome {
  switch (job.status) {
    case 'partial_success':
      return 'partial-success';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      if (job.batch_completed === 0 && job.rejection_reasons.length > 0) return 'content-policy';
      if (job.rejection_reasons.length === 0 && job.error_message) return 'generation-failed';
      return null;
    default:
      return null;
  }
}
