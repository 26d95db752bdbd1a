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

/**
 * Retention is bounded so Redis memory stays flat over a long run; a job that throws (database or
 * Redis trouble) is retried with backoff and resumes at its checkpoint.
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 20,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { count: 500, age: 24 * 3600 },
  removeOnFail: { count: 1000, age: 7 * 24 * 3600 },
};
