import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtStrategy } from './jwt.strategy.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PasswordConfirmationService } from './password-confirmation.service.js';
import { PasswordHasher } from './password-hasher.js';
import { RolesGuard } from './roles.guard.js';
import { SessionValidator } from './session-validator.js';
import { JWT_ALGORITHM, JWT_ISSUER, jwtKey } from './token.js';

@Module({
  imports: [
    UsersModule,
    PassportModule,
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
  controllers: [AuthController],
  providers: [
    AuthService,
    JwtStrategy,
    LoginRateLimiter,
    PasswordHasher,
    PasswordConfirmationService,
    SessionValidator,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [PasswordHasher, PasswordConfirmationService, SessionValidator, JwtModule],
})
export class AuthModule {}
