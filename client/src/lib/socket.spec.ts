import { describe, expect, it } from 'vitest';
import { RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_MS, createSocket } from './socket';

describe('createSocket', () => {
  it('authenticates in the handshake and uses the API endpoint', () => {
    const socket = createSocket('tok-9', { autoConnect: false });
    expect(socket.auth).toEqual({ token: 'tok-9' });
    expect(socket.io.opts.path).toBe('/socket.io');
    expect(socket.connected).toBe(false);
    socket.close();
  });

  it('reconnects by itself with a growing, jittered delay', () => {
    const socket = createSocket('tok-9', { autoConnect: false });
    expect(socket.io.reconnection()).toBe(true);
    expect(socket.io.reconnectionDelay()).toBe(RECONNECT_DELAY_MS);
    expect(socket.io.reconnectionDelayMax()).toBe(RECONNECT_DELAY_MAX_MS);
    expect(socket.io.randomizationFactor()).toBeGreaterThan(0);
    socket.close();
  });
});
