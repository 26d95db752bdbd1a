import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { SessionUser } from '@atelier/shared';
import { UnauthorizedError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { UsersRepository } from '../users/users.repository.js';
import { JWT_ALGORITHM, JWT_ISSUER, type TokenPayload } from './token.js';

/**
 * Verifies the bearer token (pinned algorithm, issuer, expiry), then reads the user afresh so a
 * deleted user, a changed role or a changed password takes effect on the next request.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(RUNTIME) runtime: Runtime,
    private readonly users: UsersRepository,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: runtime.jwtSecret,
      algorithms: [JWT_ALGORITHM],
      issuer: JWT_ISSUER,
      ignoreExpiration: false,
    });
  }

  async validate(payload: TokenPayload): Promise<SessionUser> {
    const id = Number(payload.sub);
    const user = Number.isInteger(id) ? await this.users.findById(id) : null;
    if (!user) throw new UnauthorizedError();
    if (Math.floor(user.passwordChangedAt.getTime() / 1000) > payload.iat) throw new UnauthorizedError();
    return { id: user.id, username: user.username, role: user.role };
  }
}
