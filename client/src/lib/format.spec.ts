import { describe, expect, it } from 'vitest';
import { formatCount, formatCountOf } from './format';

describe('formatCount', () => {
  it('groups thousands so six-digit batches stay readable', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999_999)).toBe('999,999');
  });
});

describe('formatCountOf', () => {
  it('says one in the singular and every other count, zero included, in the plural', () => {
    expect(formatCountOf(1, 'job')).toBe('1 job');
    expect(formatCountOf(0, 'job')).toBe('0 jobs');
    expect(formatCountOf(200_000, 'image')).toBe('200,000 images');
    expect(formatCountOf(2, 'favourite')).toBe('2 favourites');
  });
});
