import { Redis } from 'ioredis';
import type { DefaultJobOptions } from 'bullmq';
import type { AppConfig } from '../config/config.js';

/** BullMQ keys live under the installation's prefix, so several instances can share one Redis. */
export function bullPrefix(config: AppConfig): string {
  return `${config.redis.keyPrefix}:bull`;
}

/**
 * Workers block on Redis, so their connection must retry forever (`maxRetriesPerRequest: null`,
 * BullMQ's production guide); the API's queue connection fails fast instead, so a request answers
 * 503 while Redis is down rather than hanging.
 */
export function workerConnection(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: false,
    connectionName: 'atelier-worker-bullmq',
  });
}

export function producerConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectionName: 'atelier-api-bullmq' });
}

/** BullMQ's exponential backoff, but never longer than this between tries. */
export const JOB_RETRY_MAX_DELAY_MS = 5 * 60_000;
const JOB_RETRY_BASE_MS = 2000;
export const CAPPED_BACKOFF = 'capped-exponential';

/**
 * The worker's backoff for CAPPED_BACKOFF: attempts add up over a job's whole life (a batch of
 * 999,999 runs for weeks, through every database restart), and plain doubling would have its
 * tenth setback wait 17 minutes and its fifteenth 9 hours.
 */
export function cappedBackoff(attemptsMade: number): number {
  return Math.min(JOB_RETRY_MAX_DELAY_MS, JOB_RETRY_BASE_MS * 2 ** Math.max(0, attemptsMade - 1));
}

/**
 * Retention is bounded so Redis memory stays flat over a long run; a job that throws (database or
 * Redis trouble) is retried with backoff and resumes at its checkpoint. Should its tries run out,
 * the reconciler gives it a fresh entry (job-reconciler.ts): PostgreSQL says it must run.
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 20,
  backoff: { type: CAPPED_BACKOFF, delay: JOB_RETRY_BASE_MS },
  removeOnComplete: { count: 500, age: 24 * 3600 },
  removeOnFail: { count: 1000, age: 7 * 24 * 3600 },
};
