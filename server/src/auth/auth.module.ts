import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
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
import { SessionTokenModule } from './session-token.module.js';

@Module({
  imports: [UsersModule, PassportModule, SessionTokenModule],
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
  exports: [PasswordHasher, PasswordConfirmationService, SessionValidator, SessionTokenModule],
})
export class AuthModule {}
