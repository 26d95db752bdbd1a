import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { JwtService } from '@nestjs/jwt';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, RequestHandler } from 'express';
import { isAdminRole, MESSAGES } from '@atelier/shared';
import { SessionValidator } from '../auth/session-validator.js';
import { UNAVAILABLE_RETRY_AFTER_S } from '../common/http-error.filter.js';
import { isDependencyUnavailable } from '../common/unavailable-dependency.js';
import type { TokenPayload } from '../auth/token.js';
import { GenerationQueue } from '../queue/generation-queue.js';
import { bearerToken, DASHBOARD_COOKIE, QUEUE_DASHBOARD_PATH, readCookie } from './dashboard-cookie.js';

/** Admins and super_admins only, by the same JWT as the API: a bearer header or the dashboard cookie. */
function adminsOnly(jwt: JwtService, sessions: SessionValidator): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req.headers.authorization) ?? readCookie(req.headers.cookie, DASHBOARD_COOKIE);
    const refuse = (status: number, error: string) => res.status(status).json({ error });
    if (!token) return void refuse(401, 'Authentication required: open the queue dashboard from the Admin area');
    jwt
      .verifyAsync<TokenPayload>(token)
      .then((payload) => sessions.validate(payload))
      .then(
        (user) => (isAdminRole(user.role) ? next() : refuse(403, 'Only admins can open the queue dashboard')),
        (error: unknown) => {
          // the session could not be checked (PostgreSQL is away): it has not ended, and signing in
          // again would not help, as the API says of any request then
          if (!isDependencyUnavailable(error))
            return refuse(
              401,
              'Your session has ended: sign in again and open the queue dashboard from the Admin area',
            );
          res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
          refuse(503, MESSAGES.serviceUnavailable);
        },
      );
  };
}

/**
 * Bull Board over the generation queue at /admin/queues, read-only: its pause, clean, obliterate,
 * add, retry and remove act on the queue behind the jobs table's back (a cleaned entry leaves its job
 * 'queued' for good) and without the confirmation the app asks for. Jobs are acted on in the app.
 */
export function mountQueueDashboard(app: NestExpressApplication, express: Express): void {
  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: [new BullMQAdapter(app.get(GenerationQueue).queue, { readOnlyMode: true })],
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Atelier queue' } },
  });
  express.use(QUEUE_DASHBOARD_PATH, adminsOnly(app.get(JwtService), app.get(SessionValidator)), board.getRouter());
}
