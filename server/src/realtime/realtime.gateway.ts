import { Inject, type OnApplicationShutdown } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { WebSocketGateway, WebSocketServer, type OnGatewayInit } from '@nestjs/websockets';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import {
  QUEUE_ROOM,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SessionUser,
} from '@atelier/shared';
import { SessionValidator } from '../auth/session-validator.js';
import type { TokenPayload } from '../auth/token.js';
import { LOGGER } from '../common/runtime.js';
import { ApiMetrics } from '../metrics/api-metrics.js';

export type AtelierServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: SessionUser }
>;

/**
 * Socket.IO on /socket.io. A connection must carry a valid JWT in `auth.token` (checked like a
 * bearer token: signature, expiry, issuer, the user still there with an unchanged password);
 * it then joins the shared `queue` room and its own `user:{id}` room.
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
    });
    server.use((socket, next) => {
      this.authenticate(socket).then(
        (user) => {
          socket.data.user = user;
          void socket.join([QUEUE_ROOM, userRoom(user.id)]);
          next();
        },
        () => next(new Error('unauthorized')),
      );
    });
  }

  private async authenticate(socket: Socket): Promise<SessionUser> {
    const token: unknown = socket.handshake.auth?.token;
    if (typeof token !== 'string' || token.length === 0) throw new Error('no token');
    const payload = await this.jwt.verifyAsync<TokenPayload>(token);
    return this.sessions.validate(payload);
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
