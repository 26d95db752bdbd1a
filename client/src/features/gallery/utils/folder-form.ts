import {
  DEFAULT_FOLDER_COLOR,
  FOLDER_HOTKEY_PATTERN,
  FOLDER_MESSAGES,
  MESSAGES,
  folderInputSchema,
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
  // the server's own rule, so the two count alike (an emoji is one character, not two)
  const checked = folderInputSchema.shape.name.safeParse(values.name);
  const name = checked.success ? checked.data : '';
  const hotkey = values.hotkey.trim().toLowerCase();
  if (!checked.success) errors.name = checked.error.issues[0]?.message ?? MESSAGES.folderNameRequired;
  if (hotkey !== '' && !FOLDER_HOTKEY_PATTERN.test(hotkey))
    errors.hotkey = 'Hotkey must be a single digit 1-9 or letter a-z';
  else if (hotkey !== '' && folders.some((f) => f.id !== editingId && f.hotkey === hotkey))
    errors.hotkey = FOLDER_MESSAGES.hotkeyTaken(hotkey);
  if (errors.name || errors.hotkey) return { input: null, errors };
  return { input: { name, hotkey: hotkey === '' ? null : hotkey, color: values.color }, errors: null };
}
