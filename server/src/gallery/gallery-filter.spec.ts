import { describe, expect, it } from 'vitest';
import { localDayStart } from './gallery-filter.js';

describe('localDayStart', () => {
  it('starts the day at local midnight, the next day when asked, in any year', () => {
    expect(localDayStart('2026-11-10', -120).toISOString()).toBe('2026-11-09T22:00:00.000Z');
    expect(localDayStart('2026-12-31', 300, 1).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    // Date.UTC reads years 0-99 as 1900-1999
    expect(localDayStart('0070-01-01', 0).getUTCFullYear()).toBe(70);
    expect(localDayStart('0001-01-01', 0).toISOString()).toBe('0001-01-01T00:00:00.000Z');
  });
});
