import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { REDIS } from '../redis/redis.module.js';

/** A worker counts as live while its heartbeat key exists. */
export const WORKER_HEARTBEAT_TTL_S = 30;
export const WORKER_HEARTBEAT_INTERVAL_MS = 10_000;

/**
 * Live worker processes, each a member of a sorted set scored by when it expires unless refreshed,
 * so a killed worker drops out by itself and any API process can count them. A member names the
 * process and how many jobs it runs at once (`host:pid/2`): the queue's wait estimate divides the
 * work among those job slots, not among processes.
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

  /** Records a heartbeat of a worker running `slots` jobs at once. */
  async beat(workerId: string, slots: number): Promise<void> {
    const now = Date.now();
    await this.redis
      .multi()
      .zadd(this.setKey, now + WORKER_HEARTBEAT_TTL_S * 1000, member(workerId, slots))
      .zremrangebyscore(this.setKey, 0, now)
      .exec();
  }

  async remove(workerId: string, slots: number): Promise<void> {
    await this.redis.zrem(this.setKey, member(workerId, slots));
  }

  /** Jobs the live workers can run at once: the sum of their slots. */
  async liveSlots(): Promise<number> {
    const live = await this.redis.zrangebyscore(this.setKey, Date.now(), '+inf');
    return live.reduce((sum, m) => sum + slotsOf(m), 0);
  }
}

const member = (workerId: string, slots: number) => `${workerId}/${slots}`;

/** A member without a readable slot count (written by an older worker) counts as one. */
function slotsOf(member: string): number {
  const slots = Number(member.slice(member.lastIndexOf('/') + 1));
  return member.includes('/') && Number.isInteger(slots) && slots > 0 ? slots : 1;
}
