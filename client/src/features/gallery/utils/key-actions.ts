import type { GalleryFolder } from '@atelier/shared';
import { isTextField } from '../../../lib/text-field';
import { folderForKey } from './folder-hotkeys';

type LightboxKeyType = 'close' | 'next' | 'previous' | 'archive' | 'reset-zoom' | 'unfolder';

export type LightboxAction = { type: LightboxKeyType } | { type: 'move'; folder: GalleryFolder };

export interface Shortcut<T extends string> {
  /** KeyboardEvent.key values that do it. */
  keys: readonly string[];
  type: T;
  /** What the shortcut sheet says it does. */
  does: string;
}

/**
 * SPEC section 9, lightbox keys, in the order the shortcut sheet lists them: the handler reads
 * this table, so the sheet cannot tell of a key that does something else. U comes before the
 * folder hotkeys, so it removes from the folder even when a folder's hotkey is u.
 */
export const LIGHTBOX_SHORTCUTS: readonly Shortcut<LightboxKeyType>[] = [
  { keys: ['ArrowLeft'], type: 'previous', does: 'Previous item' },
  { keys: ['ArrowRight'], type: 'next', does: 'Next item' },
  { keys: ['Delete', 'Backspace'], type: 'archive', does: 'Archive the item' },
  { keys: ['u', 'U'], type: 'unfolder', does: 'Remove the item from its folder' },
  { keys: ['0'], type: 'reset-zoom', does: 'Reset the zoom (the mouse wheel zooms, dragging pans)' },
  { keys: ['Escape'], type: 'close', does: 'Close the lightbox' },
];

/**
 * A folder hotkey the lightbox keeps for a key of its own (u: U removes the item from its folder
 * there), so in the lightbox that folder is reached by its button, and in the grid by the key.
 */
export function lightboxTakesHotkey(hotkey: string): boolean {
  return LIGHTBOX_SHORTCUTS.some((shortcut) => shortcut.keys.includes(hotkey));
}

/**
 * A key that archives or moves the shown item: held, its repeats would change the item the lightbox
 * moved on to, and the next, a run of items for one press. Moving between items repeats.
 */
export function changesItem(action: LightboxAction): boolean {
  return action.type === 'archive' || action.type === 'unfolder' || action.type === 'move';
}

/** The gallery's keys with the lightbox closed (Ctrl stands for Cmd on a Mac). */
export const GRID_SHORTCUTS: readonly Shortcut<'select-all' | 'clear' | 'archive'>[] = [
  { keys: ['Ctrl+a', 'Ctrl+A'], type: 'select-all', does: 'Select every loaded item' },
  { keys: ['Escape'], type: 'clear', does: 'Clear the selection' },
  { keys: ['Delete', 'Backspace'], type: 'archive', does: 'Archive the selected items (asks first)' },
];

/** A folder's hotkey (1-9 or A-Z): in the lightbox it moves the item, in the grid the selected items. */
export const FOLDER_HOTKEY_KEYS = ['1-9', 'A-Z'] as const;

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
  const shortcut = LIGHTBOX_SHORTCUTS.find((s) => s.keys.includes(press.key));
  if (shortcut) return { type: shortcut.type };
  const folder = folderForKey(folders, press.key);
  return folder ? { type: 'move', folder } : null;
}

export type GridAction = { type: 'select-all' | 'clear' | 'archive' } | { type: 'move'; folder: GalleryFolder };

/**
 * The gallery's keys while the lightbox is closed: Ctrl/Cmd+A selects every loaded item, Escape
 * clears the selection, Delete or Backspace archives the selected items, and 1-9 or A-Z move them
 * to the folder with that hotkey.
 */
export function gridKeyAction(
  press: KeyPress,
  folders: readonly GalleryFolder[],
  selectedCount: number,
): GridAction | null {
  if (press.altKey) return null;
  const name = press.ctrlKey || press.metaKey ? `Ctrl+${press.key}` : press.key;
  const shortcut = GRID_SHORTCUTS.find((s) => s.keys.includes(name));
  if (shortcut?.type === 'clear' || shortcut?.type === 'archive')
    return selectedCount > 0 ? { type: shortcut.type } : null;
  if (shortcut) return { type: shortcut.type };
  if (press.ctrlKey || press.metaKey) return null;
  if (selectedCount === 0) return null;
  const folder = folderForKey(folders, press.key);
  return folder ? { type: 'move', folder } : null;
}

/**
 * Keys typed into a field, or into a dialog other than `own` (the lightbox is a dialog with keys of
 * its own; the shortcut sheet over it is not), are not gallery shortcuts.
 */
export function isTypingTarget(target: EventTarget | null, own: Element | null = null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (isTextField(target)) return true;
  const dialog = target.closest('[role="dialog"], [role="alertdialog"]');
  return dialog !== null && dialog !== own;
}

/**
 * Enter held on a confirm, a crumb or a tile goes on repeating after the focus has moved on (to
 * the tile the dialog gives it back to, the folder's tile): each repeat would press the button
 * now focused, which the user never pressed. A tile or folder acts on a fresh Enter or Space only.
 */
export function isHeldActivation(press: { key: string; repeat: boolean }): boolean {
  return press.repeat && (press.key === 'Enter' || press.key === ' ');
}
