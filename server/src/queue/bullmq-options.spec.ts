import { describe, expect, it } from 'vitest';
import { cappedBackoff, JOB_RETRY_MAX_DELAY_MS } from './bullmq-options.js';

describe('the backoff of a job that throws', () => {
  it('doubles from 2 s and never waits more than 5 minutes, however many setbacks a long job has had', () => {
    expect([1, 2, 3, 8].map(cappedBackoff)).toEqual([2000, 4000, 8000, 256_000]);
    expect(cappedBackoff(9)).toBe(JOB_RETRY_MAX_DELAY_MS);
    expect(cappedBackoff(19)).toBe(5 * 60_000);
  });
});
