import { describe, expect, it } from 'vitest';
import { formatCount } from './format';

describe('formatCount', () => {
  it('groups thousands so six-digit batches stay readable', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999_999)).toBe('999,999');
  });
});
