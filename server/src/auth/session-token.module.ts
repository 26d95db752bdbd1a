import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { SessionTokens } from './session-tokens.js';
import { JWT_ALGORITHM, JWT_ISSUER, jwtKey } from './token.js';

/**
 * The JWT settings and the issuing of session tokens, on their own: AuthModule imports UsersModule,
 * and UsersModule issues a token too (a user's own password change), so neither holds them.
 */
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [RUNTIME],
      useFactory: (runtime: Runtime) => ({
        secret: jwtKey(runtime.jwtSecret),
        signOptions: {
          algorithm: JWT_ALGORITHM,
          issuer: JWT_ISSUER,
          expiresIn: runtime.config.auth.jwtExpiresInS,
        },
        verifyOptions: { algorithms: [JWT_ALGORITHM], issuer: JWT_ISSUER },
      }),
    }),
  ],
  providers: [SessionTokens],
  exports: [JwtModule, SessionTokens],
})
export class SessionTokenModule {}
