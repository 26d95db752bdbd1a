import { describe, expect, it } from 'vitest';
import { clipText } from './clip-text';

describe('clipText', () => {
  it('keeps text within the limit, and cuts longer text to it', () => {
    expect(clipText('harbour', 7)).toBe('harbour');
    expect(clipText('harbour', 4)).toBe('harb');
  });

  it('never splits a character made of two UTF-16 units', () => {
    expect(clipText('ab😀c', 3)).toBe('ab');
    expect(clipText('ab😀c', 4)).toBe('ab😀');
  });
});
