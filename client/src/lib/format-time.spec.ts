import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration } from './format-time';

describe('formatDuration', () => {
  it('keeps the two largest units', () => {
    expect(formatDuration(2.46)).toBe('2.5 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(120)).toBe('2 min');
    expect(formatDuration(3780)).toBe('1 h 3 min');
    expect(formatDuration(7200)).toBe('2 h');
  });

  it('shows a dash for a duration not known yet', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('shows a dash for a missing or unreadable timestamp', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
    expect(formatDateTime('2026-03-01T10:00:00Z')).toMatch(/2026/);
  });
});
