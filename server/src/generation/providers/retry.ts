import { setTimeout as delay } from 'node:timers/promises';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
  /** Replaceable so tests can pin the jitter. */
  random?: () => number;
}

export interface RetryVerdict {
  retryable: boolean;
  /** The server's own Retry-After, in milliseconds. */
  retryAfterMs?: number;
}

export interface RetryOptions extends RetryPolicy {
  signal: AbortSignal;
  classify(error: unknown): RetryVerdict;
  /** Epoch ms: a wait that would end past it is not started, the last error is thrown instead. */
  deadline?: number;
  onRetry?(error: unknown, attempt: number, delayMs: number): void;
}

/**
 * Exponential backoff with "equal jitter": half of the step is fixed so a retry never comes
 * right away, half is random so many clients hit by the same outage spread out.
 */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  const random = policy.random ?? Math.random;
  return Math.round(step / 2 + random() * (step / 2));
}

/** `Retry-After` is either delta-seconds or an HTTP-date (RFC 9110, 10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Runs `operation` until it succeeds, a failure is not retryable, or the attempts run out; the
 * last error is thrown unchanged so the caller maps it. Waiting is cut short by the signal.
 */
export async function withRetry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      const verdict = options.classify(error);
      if (!verdict.retryable || attempt >= options.maxAttempts || options.signal.aborted) throw error;
      // never sooner than the server asked, never sooner than our own backoff
      const wait = Math.max(verdict.retryAfterMs ?? 0, backoffDelay(attempt, options));
      if (options.deadline !== undefined && Date.now() + wait > options.deadline) throw error;
      options.onRetry?.(error, attempt, wait);
      await delay(wait, undefined, { signal: options.signal });
    }
  }
}
