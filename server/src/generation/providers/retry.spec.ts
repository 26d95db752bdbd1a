import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, withRetry, type RetryOptions } from './retry.js';

class Transient extends Error {
  constructor(readonly retryAfterMs?: number) {
    super('transient');
  }
}

function options(overrides: Partial<RetryOptions> = {}): RetryOptions {
  return {
    maxAttempts: 4,
    baseMs: 2,
    maxMs: 10,
    random: () => 0.5,
    signal: new AbortController().signal,
    classify: (error) => ({ retryable: error instanceof Transient, retryAfterMs: (error as Transient).retryAfterMs }),
    ...overrides,
  };
}

/** An operation failing with the given errors in turn, then answering 'done'. */
function failing(...errors: Error[]): { operation: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    operation: () => {
      const error = errors[calls++];
      return error ? Promise.reject(error) : Promise.resolve('done');
    },
    calls: () => calls,
  };
}

describe('backoffDelay', () => {
  it('doubles per attempt up to the cap, jittered within the upper half of the step', () => {
    const policy = { maxAttempts: 9, baseMs: 1000, maxMs: 5000 };
    expect(backoffDelay(1, { ...policy, random: () => 0 })).toBe(500);
    expect(backoffDelay(1, { ...policy, random: () => 1 })).toBe(1000);
    expect(backoffDelay(3, { ...policy, random: () => 1 })).toBe(4000);
    expect(backoffDelay(8, { ...policy, random: () => 0 })).toBe(2500);
    expect(backoffDelay(8, { ...policy, random: () => 1 })).toBe(5000);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP-dates, ignores anything else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('withRetry', () => {
  it('retries transient failures until one succeeds', async () => {
    const { operation, calls } = failing(new Transient(), new Transient());
    await expect(withRetry(operation, options())).resolves.toBe('done');
    expect(calls()).toBe(3);
  });

  it('throws the last error once the attempts run out', async () => {
    const last = new Transient();
    const { operation, calls } = failing(new Transient(), new Transient(), new Transient(), last);
    await expect(withRetry(operation, options())).rejects.toBe(last);
    expect(calls()).toBe(4);
  });

  it('does not retry what is not retryable', async () => {
    const final = new Error('final');
    const { operation, calls } = failing(final);
    await expect(withRetry(operation, options())).rejects.toBe(final);
    expect(calls()).toBe(1);
  });

  it('waits at least the Retry-After the server asked for', async () => {
    const waits: number[] = [];
    const { operation } = failing(new Transient(60));
    await withRetry(operation, options({ onRetry: (_error, _attempt, wait) => waits.push(wait) }));
    expect(waits).toEqual([60]);
  });

  it('does not start a wait that would end past the deadline', async () => {
    const busy = new Transient(10_000);
    const { operation, calls } = failing(busy);
    await expect(withRetry(operation, options({ deadline: Date.now() + 1000 }))).rejects.toBe(busy);
    expect(calls()).toBe(1);
  });

  it('stops waiting when the signal aborts', async () => {
    const controller = new AbortController();
    const { operation, calls } = failing(new Transient(5000));
    const started = Date.now();
    const pending = withRetry(operation, options({ signal: controller.signal, onRetry: () => controller.abort() }));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls()).toBe(1);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});
