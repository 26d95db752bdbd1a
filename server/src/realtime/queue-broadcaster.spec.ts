import { describe, expect, it } from 'vitest';
import { broadcastGapMs, QUEUE_BROADCAST_INTERVAL_MS } from './queue-broadcaster.js';

describe('the queue broadcast gap', () => {
  it('is the base interval for an ordinary queue view and grows with a large one', () => {
    expect(broadcastGapMs(2_000)).toBe(QUEUE_BROADCAST_INTERVAL_MS);
    expect(broadcastGapMs(15_000)).toBe(QUEUE_BROADCAST_INTERVAL_MS);
    expect(broadcastGapMs(100_000)).toBe(2_000);
    expect(broadcastGapMs(200_000)).toBeGreaterThan(broadcastGapMs(100_000));
  });
});
