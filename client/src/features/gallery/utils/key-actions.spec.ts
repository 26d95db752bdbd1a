import type { GalleryFolder } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { gridKeyAction, isHeldActivation, isTypingTarget, lightboxKeyAction } from './key-actions';

const folder = (id: number, name: string, hotkey: string | null): GalleryFolder => ({
  id,
  name,
  hotkey,
  color: '#3B82F6',
  image_count: 0,
  video_count: 0,
  preview_images: [],
});
const folders = [folder(1, 'Best', '1'), folder(2, 'Keep', 'k'), folder(3, 'Unused', 'u')];

describe('lightbox keys', () => {
  it('maps Escape, arrows, Delete, Backspace and 0', () => {
    expect(lightboxKeyAction({ key: 'Escape' }, folders)).toEqual({ type: 'close' });
    expect(lightboxKeyAction({ key: 'ArrowRight' }, folders)).toEqual({ type: 'next' });
    expect(lightboxKeyAction({ key: 'ArrowLeft' }, folders)).toEqual({ type: 'previous' });
    expect(lightboxKeyAction({ key: 'Delete' }, folders)).toEqual({ type: 'archive' });
    expect(lightboxKeyAction({ key: 'Backspace' }, folders)).toEqual({ type: 'archive' });
    expect(lightboxKeyAction({ key: '0' }, folders)).toEqual({ type: 'reset-zoom' });
  });

  it("moves to the folder of a hotkey; U removes from the folder even when a folder's hotkey is u", () => {
    expect(lightboxKeyAction({ key: '1' }, folders)).toEqual({ type: 'move', folder: folders[0] });
    expect(lightboxKeyAction({ key: 'K' }, folders)).toEqual({ type: 'move', folder: folders[1] });
    expect(lightboxKeyAction({ key: 'u' }, folders)).toEqual({ type: 'unfolder' });
    expect(lightboxKeyAction({ key: '9' }, folders)).toBeNull();
    expect(lightboxKeyAction({ key: '1', ctrlKey: true }, folders)).toBeNull();
  });
});

describe('gallery keys with the lightbox closed', () => {
  it('Ctrl or Cmd+A selects all; Escape clears only a selection', () => {
    expect(gridKeyAction({ key: 'a', ctrlKey: true }, folders, 0)).toEqual({ type: 'select-all' });
    expect(gridKeyAction({ key: 'A', metaKey: true }, folders, 3)).toEqual({ type: 'select-all' });
    expect(gridKeyAction({ key: 'Escape' }, folders, 2)).toEqual({ type: 'clear' });
    expect(gridKeyAction({ key: 'Escape' }, folders, 0)).toBeNull();
  });

  it('Delete or Backspace archives a selection, and does nothing with none selected or with Ctrl', () => {
    expect(gridKeyAction({ key: 'Delete' }, folders, 2)).toEqual({ type: 'archive' });
    expect(gridKeyAction({ key: 'Backspace' }, folders, 1)).toEqual({ type: 'archive' });
    expect(gridKeyAction({ key: 'Delete' }, folders, 0)).toBeNull();
    expect(gridKeyAction({ key: 'Delete', ctrlKey: true }, folders, 2)).toBeNull();
  });

  it('a folder hotkey moves the selected items, and does nothing with none selected', () => {
    expect(gridKeyAction({ key: 'k' }, folders, 2)).toEqual({ type: 'move', folder: folders[1] });
    expect(gridKeyAction({ key: 'k' }, folders, 0)).toBeNull();
    expect(gridKeyAction({ key: 'x' }, folders, 2)).toBeNull();
  });

  it('ignores keys typed into fields and dialogs', () => {
    const input = document.createElement('input');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(button)).toBe(true);
    expect(isTypingTarget(document.body)).toBe(false);
  });

  it('lets a tile act on a fresh Enter or Space, not on the repeats of one held', () => {
    expect(isHeldActivation({ key: 'Enter', repeat: false })).toBe(false);
    expect(isHeldActivation({ key: ' ', repeat: false })).toBe(false);
    expect(isHeldActivation({ key: 'Enter', repeat: true })).toBe(true);
    expect(isHeldActivation({ key: ' ', repeat: true })).toBe(true);
    // arrows held still move through the tiles
    expect(isHeldActivation({ key: 'ArrowRight', repeat: true })).toBe(false);
  });
});
