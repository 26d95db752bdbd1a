import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { sessionClaims } from './token.js';

/** Issues a session's token: at sign-in, and to users who change their own password. */
@Injectable()
export class SessionTokens {
  constructor(private readonly jwt: JwtService) {}

  issue(user: { id: number; passwordChangedAt: Date }): Promise<string> {
    return this.jwt.signAsync(sessionClaims(user.passwordChangedAt), { subject: String(user.id) });
  }
}
