import { describe, expect, it } from 'vitest';
import { assertHandlers, bullJobId } from './queue-registry.js';

describe('the queue registry check', () => {
  it('passes with exactly one handler per job name', () => {
    expect(() => assertHandlers([{ jobName: 'run-job' }])).not.toThrow();
  });

  it('names a missing, doubled or unknown handler', () => {
    expect(() => assertHandlers([])).toThrow('no handler for job "run-job"');
    expect(() => assertHandlers([{ jobName: 'run-job' }, { jobName: 'run-job' }])).toThrow(
      '2 handlers for job "run-job"',
    );
    expect(() => assertHandlers([{ jobName: 'run-job' }, { jobName: 'paint' }])).toThrow(
      'handler for unknown job "paint"',
    );
  });

  it('gives one queue id per Atelier job', () => {
    expect(bullJobId(42)).toBe('job-42');
  });
});
