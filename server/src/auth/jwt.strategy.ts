import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { SessionUser } from '@atelier/shared';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { rememberSession } from './request-session.js';
import { SessionValidator } from './session-validator.js';
import { JWT_ALGORITHM, JWT_ISSUER, jwtKey } from './token.js';

/** Verifies the bearer token (pinned algorithm, issuer, expiry), then the session it names. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(RUNTIME) runtime: Runtime,
    private readonly sessions: SessionValidator,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // passport-jwt hands it to jsonwebtoken untouched, which takes a KeyObject (its typings predate that)
      secretOrKey: jwtKey(runtime.jwtSecret) as unknown as Buffer,
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  async validate(request: Request, payload: unknown): Promise<SessionUser> {
    const { user, subject } = await this.sessions.session(payload);
    rememberSession(request, subject);
    return user;
  }
}
