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

  it('gives one queue id per Atelier job row, different for a later row with the same id', () => {
    const createdAt = new Date('2026-11-22T08:00:00.123Z');
    expect(bullJobId({ id: 42, createdAt })).toBe(`job-42-${createdAt.getTime()}`);
    expect(bullJobId({ id: 42, createdAt: new Date(createdAt.getTime() + 1) })).not.toBe(
      bullJobId({ id: 42, createdAt }),
    );
  });
});
