import { Controller, Get, Inject, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import type { HealthResponse } from '@atelier/shared';
import { Public } from '../auth/auth.decorators.js';
import { REDIS } from '../redis/redis.module.js';

const CHECK_TIMEOUT_MS = 2000;
const VERSION = process.env.npm_package_version ?? '0.1.0';

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** For load balancers and compose health checks: 200 when database and Redis answer, else 503. */
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Public()
  @Get()
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    const [database, redis] = await Promise.all([
      withTimeout(this.db.query('SELECT 1')).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      withTimeout(this.redis.ping()).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    const ok = database === 'up' && redis === 'up';
    res.status(ok ? 200 : 503);
    return {
      status: ok ? 'ok' : 'degraded',
      database,
      redis,
      version: VERSION,
      uptime_s: Math.round(process.uptime()),
    };
  }
}
