import { io, type Socket } from 'socket.io-client';

/** How the tests connect: straight to a WebSocket, never retrying on their own. */
export function openSocket(baseUrl: string, auth: Record<string, unknown>): Socket {
  return io(baseUrl, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false });
}

/** What a fresh connection with this handshake gets: 'connected', or the server's error message. */
export function socketHandshake(baseUrl: string, auth: Record<string, unknown>): Promise<string> {
  return new Promise((resolve) => {
    const socket = openSocket(baseUrl, auth);
    socket.once('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.once('connect_error', (err) => {
      socket.close();
      resolve(err.message);
    });
  });
}

/** A socket connected with `token`, and why the server later drops it. */
export async function connectSocket(
  baseUrl: string,
  token: string,
): Promise<{ socket: Socket; dropped: Promise<string> }> {
  const socket = openSocket(baseUrl, { token });
  const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, dropped };
}
