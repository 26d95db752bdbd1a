import { describe, expect, it } from 'vitest';
import { parseServerTiming } from './gallery-latency.js';

describe('parseServerTiming', () => {
  it('reads each metric of the header the API sends, descriptions allowed, others skipped', () => {
    expect(parseServerTiming('auth;dur=0.71, app;dur=3.52')).toEqual({ auth: 0.71, app: 3.52 });
    expect(parseServerTiming('db;desc="Query";dur=1.5, cache-hit, app;dur=2')).toEqual({ db: 1.5, app: 2 });
    expect(parseServerTiming(undefined)).toEqual({});
  });
});
