import { Body, Controller, Get, HttpCode, Ip, Post } from '@nestjs/common';
import { loginRequestSchema, type LoginRequest, type LoginResponse, type SessionUser } from '@atelier/shared';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';
import { CurrentUser, Public } from './auth.decorators.js';
import { AuthService } from './auth.service.js';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body(new ZodValidationPipe(loginRequestSchema)) body: LoginRequest, @Ip() ip: string): Promise<LoginResponse> {
    return this.auth.login(body, ip);
  }

  /** Lets a client that restored a token from storage confirm it still stands. */
  @Get('session')
  session(@CurrentUser() user: SessionUser): { user: SessionUser } {
    return { user };
  }
}
