import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { REDIS } from '../redis/redis.module.js';

/** A worker counts as live while its heartbeat key exists. */
export const WORKER_HEARTBEAT_TTL_S = 30;
export const WORKER_HEARTBEAT_INTERVAL_MS = 10_000;

/**
 * Live worker processes, each a Redis key that expires unless refreshed, so a killed worker
 * drops out by itself and any API process can count them.
 */
@Injectable()
export class WorkerRegistry {
  private readonly setKey: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RUNTIME) runtime: Runtime,
  ) {
    this.setKey = `${runtime.config.redis.keyPrefix}:workers`;
  }

  /** Records a heartbeat; members are worker ids scored by expiry time. */
  async beat(workerId: string): Promise<void> {
    const now = Date.now();
    await this.redis
      .multi()
      .zadd(this.setKey, now + WORKER_HEARTBEAT_TTL_S * 1000, workerId)
      .zremrangebyscore(this.setKey, 0, now)
      .exec();
  }

  async remove(workerId: string): Promise<void> {
    await this.redis.zrem(this.setKey, workerId);
  }

  async countLive(): Promise<number> {
    return this.redis.zcount(this.setKey, Date.now(), '+inf');
  }
}
