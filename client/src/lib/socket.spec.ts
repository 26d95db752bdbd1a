import { describe, expect, it } from 'vitest';
import { RECONNECT_DELAY_MAX_MS, RECONNECT_DELAY_MS, createSocket, retryAfterRefusal } from './socket';

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

describe('a refused handshake', () => {
  it('is asked again, later each time, when the server could not check the session', () => {
    expect([0, 1, 2].map((n) => retryAfterRefusal('unavailable', n))).toEqual([
      RECONNECT_DELAY_MS,
      RECONNECT_DELAY_MS * 2,
      RECONNECT_DELAY_MS * 4,
    ]);
    expect(retryAfterRefusal('unavailable', 20)).toBe(RECONNECT_DELAY_MAX_MS);
  });

  it('stands when the session was refused', () => {
    expect(retryAfterRefusal('unauthorized', 0)).toBeNull();
  });
});
