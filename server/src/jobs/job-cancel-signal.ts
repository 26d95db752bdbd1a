import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { REDIS } from '../redis/redis.module.js';

export function cancelChannel(keyPrefix: string): string {
  return `${keyPrefix}:job-cancel`;
}

/** Tells every worker that a job was cancelled, so the one running it stops its current item. */
@Injectable()
export class JobCancelSignal {
  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RUNTIME) runtime: Runtime,
  ) {
    this.channel = cancelChannel(runtime.config.redis.keyPrefix);
  }

  async send(jobId: number): Promise<void> {
    await this.redis.publish(this.channel, String(jobId));
  }
}
