import { Controller, Delete, HttpCode, Post, Req, Res } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Request, Response } from 'express';
import { AdminOnly, Public } from '../auth/auth.decorators.js';
import type { TokenPayload } from '../auth/token.js';
import { bearerToken, dashboardCookie, expiredDashboardCookie } from './dashboard-cookie.js';

@Controller('admin/queue-dashboard')
export class QueueDashboardController {
  constructor(private readonly jwt: JwtService) {}

  /** Lets the admin's browser open the dashboard with the token it already holds (see dashboard-cookie.ts). */
  @Post('session')
  @AdminOnly()
  @HttpCode(204)
  session(@Req() req: Request, @Res({ passthrough: true }) res: Response): void {
    // the guards have verified this very token before the handler runs
    const token = bearerToken(req.headers.authorization)!;
    const { exp } = this.jwt.decode<TokenPayload>(token);
    res.setHeader('Set-Cookie', dashboardCookie(token, exp - Date.now() / 1000, req.secure));
  }

  /**
   * Sign-out: the browser forgets the dashboard's copy of the token, which would otherwise open the
   * dashboard to whoever uses this browser next, until the token expires. No session is needed to
   * forget one, so it is public: all it can do is clear the caller's own cookie.
   */
  @Delete('session')
  @Public()
  @HttpCode(204)
  endSession(@Req() req: Request, @Res({ passthrough: true }) res: Response): void {
    res.setHeader('Set-Cookie', expiredDashboardCookie(req.secure));
  }
}
