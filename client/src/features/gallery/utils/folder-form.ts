import {
  DEFAULT_FOLDER_COLOR,
  FOLDER_HOTKEY_PATTERN,
  FOLDER_MESSAGES,
  FOLDER_NAME_MAX,
  MESSAGES,
  type FolderInput,
  type GalleryFolder,
} from '@atelier/shared';

export interface FolderFormValues {
  name: string;
  hotkey: string;
  color: string;
}

export const EMPTY_FOLDER_FORM: FolderFormValues = { name: '', hotkey: '', color: DEFAULT_FOLDER_COLOR };

export type FolderFormErrors = Partial<Record<'name' | 'hotkey', string>>;

/**
 * SPEC section 5, Gallery folder: the name is required once trimmed and at most 50 characters;
 * the hotkey is optional, one digit 1-9 or letter a-z, and not another folder's.
 */
export function validateFolderForm(
  values: FolderFormValues,
  folders: readonly Pick<GalleryFolder, 'id' | 'hotkey'>[],
  editingId: number | null,
): { input: FolderInput; errors: null } | { input: null; errors: FolderFormErrors } {
  const errors: FolderFormErrors = {};
  const name = values.name.trim();
  const hotkey = values.hotkey.trim().toLowerCase();
  if (name === '') errors.name = MESSAGES.folderNameRequired;
  else if (name.length > FOLDER_NAME_MAX) errors.name = `Folder name must be at most ${FOLDER_NAME_MAX} characters`;
  if (hotkey !== '' && !FOLDER_HOTKEY_PATTERN.test(hotkey))
    errors.hotkey = 'Hotkey must be a single digit 1-9 or letter a-z';
  else if (hotkey !== '' && folders.some((f) => f.id !== editingId && f.hotkey === hotkey))
    errors.hotkey = FOLDER_MESSAGES.hotkeyTaken(hotkey);
  if (errors.name || errors.hotkey) return { input: null, errors };
  return { input: { name, hotkey: hotkey === '' ? null : hotkey, color: values.color }, errors: null };
}
