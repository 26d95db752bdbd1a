import { SOCKET_UNAVAILABLE, type ClientToServerEvents, type ServerToClientEvents } from '@atelier/shared';
import { io, type Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let current: { token: string; socket: AppSocket } | null = null;

/** Exponential backoff between reconnection attempts, jittered so a restarted API is not stampeded. */
export const RECONNECT_DELAY_MS = 1000;
export const RECONNECT_DELAY_MAX_MS = 10_000;

/** Builds a connection to the API's Socket.IO endpoint, authenticated in the handshake (DESIGN section 6). */
export function createSocket(token: string, options: { autoConnect?: boolean } = {}): AppSocket {
  return io({
    path: '/socket.io',
    auth: { token },
    autoConnect: options.autoConnect ?? true,
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MAX_MS,
    randomizationFactor: 0.5,
  });
}

/** The one shared connection for a token; a new token replaces it. */
export function getSocket(token: string): AppSocket {
  if (current?.token === token) return current.socket;
  current?.socket.disconnect();
  current = { token, socket: createSocket(token) };
  return current.socket;
}

/** This tab's live connection, while it is up: a change the tab makes names it, so it is not pushed back here. */
export function liveSocketId(): string | undefined {
  return current?.socket.connected ? current.socket.id : undefined;
}

export function disconnectSocket(): void {
  current?.socket.disconnect();
  current = null;
}

/**
 * After the handshake was refused (Socket.IO then stops trying): how long to wait before asking
 * again, or null for a refusal that stands. A session the server could not check (its database is
 * away) is asked about again, later each time; a refused one is left to the API client's next 401.
 */
export function retryAfterRefusal(message: string, refusals: number): number | null {
  if (message !== SOCKET_UNAVAILABLE) return null;
  return Math.min(RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_MS * 2 ** refusals);
}
