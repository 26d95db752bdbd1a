import type { GalleryFolder } from '@atelier/shared';
import { folderForKey } from './folder-hotkeys';

export type LightboxAction =
  | { type: 'close' | 'next' | 'previous' | 'archive' | 'reset-zoom' | 'unfolder' }
  | { type: 'move'; folder: GalleryFolder };

interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * SPEC section 9, lightbox keys: Escape closes, arrows navigate, Delete or Backspace archives,
 * 0 resets the zoom, U removes from the folder (before any folder with hotkey u), and a folder's
 * hotkey moves the image there.
 */
export function lightboxKeyAction(press: KeyPress, folders: readonly GalleryFolder[]): LightboxAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  switch (press.key) {
    case 'Escape':
      return { type: 'close' };
    case 'ArrowRight':
      return { type: 'next' };
    case 'ArrowLeft':
      return { type: 'previous' };
    case 'Delete':
    case 'Backspace':
      return { type: 'archive' };
    case '0':
      return { type: 'reset-zoom' };
    case 'u':
    case 'U':
      return { type: 'unfolder' };
  }
  const folder = folderForKey(folders, press.key);
  return folder ? { type: 'move', folder } : null;
}

export type GridAction = { type: 'select-all' | 'clear' } | { type: 'move'; folder: GalleryFolder };

/**
 * The gallery's keys while the lightbox is closed: Ctrl/Cmd+A selects every loaded item, Escape
 * clears the selection, and 1-9 or A-Z move the selected items to the folder with that hotkey.
 */
export function gridKeyAction(
  press: KeyPress,
  folders: readonly GalleryFolder[],
  selectedCount: number,
): GridAction | null {
  if ((press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 'a' && !press.altKey)
    return { type: 'select-all' };
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === 'Escape') return selectedCount > 0 ? { type: 'clear' } : null;
  if (selectedCount === 0) return null;
  const folder = folderForKey(folders, press.key);
  return folder ? { type: 'move', folder } : null;
}

/** A field that takes typing, where keys are text rather than shortcuts. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Keys typed into a field or a dialog are not gallery shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return isTextField(target) || target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}
