import type { Job } from '@atelier/shared';

/** A plausible job as the API returns it; tests override what they are about. */
export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 41,
    job_name: 'Lighthouse at dusk',
    workflow_id: 3,
    workflow_name: 'Text to Image',
    username: 'marie',
    parameters: { prompt: 'a lighthouse on a cliff at dusk' },
    batch_size: 4,
    batch_completed: 4,
    rejection_count: 0,
    failed_count: 0,
    rejection_reasons: [],
    status: 'completed',
    priority: 0,
    error_message: null,
    created_at: '2026-03-01T10:00:00.000Z',
    started_at: '2026-03-01T10:00:01.000Z',
    completed_at: '2026-03-01T10:00:09.000Z',
    actual_duration: 8,
    estimated_duration: 12,
    ...overrides,
  };
}
