import type { ClientToServerEvents, ServerToClientEvents } from '@atelier/shared';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let current: { token: string; socket: AppSocket } | null = null;

/** Builds a connection to the API's Socket.IO endpoint, authenticated in the handshake (DESIGN section 6). */
export function createSocket(token: string, options: { autoConnect?: boolean } = {}): AppSocket {
  return io({
    path: '/socket.io',
    auth: { token },
    autoConnect: options.autoConnect ?? true,
    transports: ['websocket', 'polling'],
  });
}

/** The one shared connection for a token; a new token replaces it. */
export function getSocket(token: string): AppSocket {
  if (current?.token === token) return current.socket;
  current?.socket.disconnect();
  current = { token, socket: createSocket(token) };
  return current.socket;
}

export function disconnectSocket(): void {
  current?.socket.disconnect();
  current = null;
}
