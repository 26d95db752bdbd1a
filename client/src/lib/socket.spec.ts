import { describe, expect, it } from 'vitest';
import { createSocket } from './socket';

describe('createSocket', () => {
  it('authenticates in the handshake and uses the API endpoint', () => {
    const socket = createSocket('tok-9', { autoConnect: false });
    expect(socket.auth).toEqual({ token: 'tok-9' });
    expect(socket.io.opts.path).toBe('/socket.io');
    expect(socket.connected).toBe(false);
    socket.close();
  });
});
