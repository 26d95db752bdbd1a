import { describe, expect, it } from 'vitest';
import { activeQuickRange, quickRange } from './date-ranges';

const today = new Date(2026, 10, 22, 15, 30);

describe('quick date ranges', () => {
  it('counts today in each range and clears both dates for All Time', () => {
    expect(quickRange('Today', today)).toEqual({ dateFrom: '2026-11-22', dateTo: '2026-11-22' });
    expect(quickRange('7 days', today)).toEqual({ dateFrom: '2026-11-16', dateTo: '2026-11-22' });
    expect(quickRange('30 days', today)).toEqual({ dateFrom: '2026-10-24', dateTo: '2026-11-22' });
    expect(quickRange('All Time', today)).toEqual({ dateFrom: '', dateTo: '' });
  });

  it('shows which range the dates amount to', () => {
    expect(activeQuickRange('2026-11-16', '2026-11-22', today)).toBe('7 days');
    expect(activeQuickRange('', '', today)).toBe('All Time');
    expect(activeQuickRange('2026-11-01', '', today)).toBeNull();
  });
});
