import { describe, expect, it } from 'vitest';
import { makeJob } from '../../../test/job-factory';
import { itemsDone } from './job-progress-bars';

describe('items done of a running job', () => {
  it('counts failed items with the generated and rejected ones, as the queue does', () => {
    expect(itemsDone(makeJob({ batch_size: 5, batch_completed: 0, rejection_count: 0, failed_count: 4 }))).toBe(4);
    expect(itemsDone(makeJob({ batch_size: 5, batch_completed: 2, rejection_count: 1, failed_count: 1 }))).toBe(4);
  });
});
