import { FOLDER_HOTKEY_PATTERN, type GalleryFolder } from '@atelier/shared';

const DIGITS = '123456789'.split('');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');

/** SPEC section 5: the Auto button suggests the first free digit 1-9, then the first free letter. */
export function suggestHotkey(taken: Iterable<string | null>): string | null {
  const used = new Set([...taken].filter((k): k is string => k !== null).map((k) => k.toLowerCase()));
  return [...DIGITS, ...LETTERS].find((key) => !used.has(key)) ?? null;
}

/** A key as typed becomes a hotkey: one character, lower-cased. */
export function normalizeHotkeyInput(raw: string): string {
  return raw.trim().slice(-1).toLowerCase();
}

/** The folder a key press names, if any (hotkeys are stored lower-case). */
export function folderForKey<T extends Pick<GalleryFolder, 'hotkey'>>(folders: readonly T[], key: string): T | null {
  if (key.length !== 1) return null;
  const lower = key.toLowerCase();
  if (!FOLDER_HOTKEY_PATTERN.test(lower)) return null;
  return folders.find((folder) => folder.hotkey === lower) ?? null;
}
