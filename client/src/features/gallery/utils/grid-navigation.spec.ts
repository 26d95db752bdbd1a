import { describe, expect, it } from 'vitest';
import { gridMove } from './grid-navigation';

// 10 tiles in rows of 4:  0 1 2 3 / 4 5 6 7 / 8 9
describe('gridMove', () => {
  it('moves one tile sideways and one row up or down', () => {
    expect(gridMove('ArrowRight', 1, 10, 4)).toBe(2);
    expect(gridMove('ArrowLeft', 4, 10, 4)).toBe(3);
    expect(gridMove('ArrowDown', 1, 10, 4)).toBe(5);
    expect(gridMove('ArrowUp', 5, 10, 4)).toBe(1);
  });

  it('goes nowhere past either end', () => {
    expect(gridMove('ArrowLeft', 0, 10, 4)).toBeNull();
    expect(gridMove('ArrowUp', 2, 10, 4)).toBeNull();
    expect(gridMove('ArrowRight', 9, 10, 4)).toBeNull();
    expect(gridMove('ArrowDown', 9, 10, 4)).toBeNull();
    expect(gridMove('ArrowDown', 8, 10, 4)).toBeNull();
  });

  it('takes Down from above a short last row to the last tile', () => {
    expect(gridMove('ArrowDown', 7, 10, 4)).toBe(9);
    expect(gridMove('ArrowDown', 5, 10, 4)).toBe(9);
  });

  it('jumps with Home, End and by three rows with Page Up and Page Down', () => {
    expect(gridMove('Home', 6, 10, 4)).toBe(0);
    expect(gridMove('End', 2, 10, 4)).toBe(9);
    expect(gridMove('PageDown', 1, 30, 4)).toBe(13);
    expect(gridMove('PageDown', 1, 10, 4)).toBe(9);
    expect(gridMove('PageUp', 13, 30, 4)).toBe(1);
    expect(gridMove('PageUp', 6, 30, 4)).toBe(2);
  });

  it('ignores other keys and an empty grid', () => {
    expect(gridMove('Enter', 1, 10, 4)).toBeNull();
    expect(gridMove('ArrowRight', 0, 0, 4)).toBeNull();
  });
});
