import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { UnauthorizedError } from '../common/app-errors.js';
import { recordTiming } from '../common/server-timing.js';
import { IS_PUBLIC } from './auth.decorators.js';

/** The one global guard: every route needs a valid bearer token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const started = performance.now();
    // passport's guard answers a promise: the token check, then the session read (SessionValidator)
    const checked = super.canActivate(context) as Promise<boolean>;
    if (context.getType() !== 'http') return checked;
    const res = context.switchToHttp().getResponse<ServerResponse>();
    return checked.finally(() => recordTiming(res, 'auth', performance.now() - started));
  }

  override handleRequest<TUser>(err: unknown, user: TUser | false): TUser {
    // only a refused session is a 401: a database that cannot be reached must not sign anyone out
    if (err instanceof Error && !('status' in err && err.status === 401)) throw err;
    if (!user) throw new UnauthorizedError();
    return user;
  }
}
