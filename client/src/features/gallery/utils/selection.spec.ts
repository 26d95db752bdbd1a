import { describe, expect, it } from 'vitest';
import { keepLoaded, selectAll, tileClickAction, toggleSelected } from './selection';

const plain = { ctrlKey: false, metaKey: false };

describe('gallery selection', () => {
  it('numbers items in the order they were picked and toggles them off again', () => {
    let selection = toggleSelected([], 30);
    selection = toggleSelected(selection, 10);
    selection = toggleSelected(selection, 20);
    expect(selection).toEqual([30, 10, 20]);
    expect(toggleSelected(selection, 10)).toEqual([30, 20]);
  });

  it('Ctrl- or Cmd-click toggles; a plain click opens the lightbox unless something is selected', () => {
    expect(tileClickAction([], { ...plain, ctrlKey: true })).toBe('toggle');
    expect(tileClickAction([], { ...plain, metaKey: true })).toBe('toggle');
    expect(tileClickAction([], plain)).toBe('open');
    expect(tileClickAction([4], plain)).toBe('toggle');
  });

  it('Ctrl+A adds every loaded item after those already picked', () => {
    expect(selectAll([3], [1, 2, 3, 4])).toEqual([3, 1, 2, 4]);
    expect(selectAll([], [])).toEqual([]);
  });

  it('drops items that left the view and keeps the same selection when none did', () => {
    const selection = [1, 2, 3];
    expect(keepLoaded(selection, new Set([1, 3]))).toEqual([1, 3]);
    expect(keepLoaded(selection, new Set([1, 2, 3, 4]))).toBe(selection);
  });
});
