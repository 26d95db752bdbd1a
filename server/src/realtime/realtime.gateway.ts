import { Inject, type OnApplicationShutdown } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { WebSocketGateway, WebSocketServer, type OnGatewayInit } from '@nestjs/websockets';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import {
  QUEUE_ROOM,
  SOCKET_UNAVAILABLE,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SessionUser,
} from '@atelier/shared';
import { SessionValidator } from '../auth/session-validator.js';
import { sessionSubject } from '../auth/token.js';
import { runAt } from '../common/run-at.js';
import { LOGGER } from '../common/runtime.js';
import { isDependencyUnavailable } from '../common/unavailable-dependency.js';
import { ApiMetrics } from '../metrics/api-metrics.js';

export type AtelierServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: SessionUser; claims: unknown }
>;

/**
 * Socket.IO on /socket.io. A connection must carry a valid JWT in `auth.token` (checked like a
 * bearer token: signature, expiry, issuer, the user still there with an unchanged password);
 * it then joins the shared `queue` room and its own `user:{id}` room. Deleting the user or changing
 * their password drops their sockets on every API process (SessionChangePush). Connection state
 * recovery stays off: Socket.IO lets a recovered socket skip this middleware, so a revoked token
 * could come back.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false, connectionStateRecovery: undefined })
export class RealtimeGateway implements OnGatewayInit, OnApplicationShutdown {
  @WebSocketServer() server!: AtelierServer;

  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: SessionValidator,
    private readonly metrics: ApiMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: AtelierServer): void {
    server.on('connection', (socket) => {
      this.metrics.socketConnections.inc();
      this.metrics.socketConnectionsTotal.inc();
      socket.once('disconnect', () => this.metrics.socketConnections.dec());
      this.recheck(socket);
      this.expireWithToken(socket);
    });
    server.use((socket, next) => {
      this.authenticate(socket).then(
        ({ user, payload }) => {
          socket.data.user = user;
          socket.data.claims = payload;
          void socket.join([QUEUE_ROOM, userRoom(user.id)]);
          next();
        },
        // the session could not be checked (the database is away): not refused, so the client asks again
        (error: unknown) => next(new Error(isDependencyUnavailable(error) ? SOCKET_UNAVAILABLE : 'unauthorized')),
      );
    });
  }

  private async authenticate(socket: Socket): Promise<{ user: SessionUser; payload: unknown }> {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0) throw new Error('no token');
    const payload: unknown = await this.jwt.verifyAsync(token);
    return { user: await this.sessions.validate(payload), payload };
  }

  /**
   * A revocation only reaches sockets already connected: one that passed the middleware just before
   * the change committed would miss it. Checked again once connected, it either sees the change or
   * was connected in time for the revocation to drop it.
   */
  private recheck(socket: Socket): void {
    this.sessions.validate(socket.data.claims).catch((error: unknown) => {
      // it passed the same check a moment ago; only a check that answered "no" drops it
      if (!isDependencyUnavailable(error)) socket.disconnect(true);
    });
  }

  /** A socket lives no longer than the token it connected with: verified once, it is not asked again. */
  private expireWithToken(socket: Socket): void {
    const expiresAt = (sessionSubject(socket.data.claims)?.exp ?? 0) * 1000;
    // a disconnect by the server is not retried by the client: it must come when the token ends,
    // not earlier (a token of JWT_EXPIRES_IN=30d outlives one setTimeout)
    const cancel = runAt(expiresAt, () => socket.disconnect(true));
    socket.once('disconnect', cancel);
  }

  /** Drops every socket of a user at once (their account was deleted or their password changed). */
  disconnectUser(userId: number): void {
    this.server.in(userRoom(userId)).disconnectSockets(true);
  }

  onApplicationShutdown(): void {
    this.server?.disconnectSockets(true);
    this.logger.debug('socket connections closed');
  }
}
