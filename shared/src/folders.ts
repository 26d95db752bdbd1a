import { z } from 'zod';
import { graphemeCount, isShownName, isoDateSchema } from './common.js';
import { DEFAULT_FOLDER_COLOR, FOLDER_NAME_MAX, FOLDER_NAME_MAX_CODE_POINTS } from './constants.js';
import { MESSAGES } from './messages.js';

/** One character: a digit 1-9 or a letter a-z, stored lower-case (DESIGN section 3). */
export const FOLDER_HOTKEY_PATTERN = /^[1-9a-z]$/;
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const folderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hotkey: z.string().nullable(),
  color: z.string(),
  created_at: isoDateSchema,
});
export type Folder = z.infer<typeof folderSchema>;

export function normalizeHotkey(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed.toLowerCase();
}

const FOLDER_NAME_TOO_LONG = `Folder name must be at most ${FOLDER_NAME_MAX} characters`;
export const FOLDER_NAME_HIDDEN_CHARACTERS = 'Folder name must not contain control or invisible characters';

const HOTKEY_RULE = 'Hotkey must be a single digit 1-9 or letter a-z';
const COLOR_RULE = 'Colour must be a hex value such as #3B82F6';

const folderHotkey = z
  .string({ error: HOTKEY_RULE })
  .nullish()
  .transform(normalizeHotkey)
  .refine((v) => v === null || FOLDER_HOTKEY_PATTERN.test(v), { error: HOTKEY_RULE });

const folderColor = z
  .string({ error: COLOR_RULE })
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? DEFAULT_FOLDER_COLOR : v.trim()))
  .refine((v) => HEX_COLOR_PATTERN.test(v), { error: COLOR_RULE });

export const folderInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.folderNameRequired })
    .trim()
    // 'Café' with a composed é or with e and a combining accent is one name, not two folders
    .normalize('NFC')
    .min(1, { error: MESSAGES.folderNameRequired })
    .max(FOLDER_NAME_MAX_CODE_POINTS, { error: FOLDER_NAME_TOO_LONG })
    .refine((name) => graphemeCount(name) <= FOLDER_NAME_MAX, { error: FOLDER_NAME_TOO_LONG })
    // a name of only a zero-width space looks like no name on the folder tile and in the lightbox
    .refine(isShownName, { error: FOLDER_NAME_HIDDEN_CHARACTERS }),
  hotkey: folderHotkey,
  color: folderColor,
});
/**
 * A change keeps the hotkey and colour it leaves out: a rename sent as `{name}` must not take the
 * folder's hotkey away. Sent as null, the hotkey is removed and the colour goes back to the default.
 */
export const folderUpdateSchema = folderInputSchema.extend({
  hotkey: folderHotkey.optional(),
  color: folderColor.optional(),
});
export type FolderInput = z.input<typeof folderInputSchema>;
export type FolderUpdate = z.output<typeof folderUpdateSchema>;

export const FOLDER_MESSAGES = {
  folderNotFound: 'Folder not found',
  nameTaken: 'A folder with this name already exists',
  hotkeyTaken: (hotkey: string) => `Hotkey ${hotkey.toUpperCase()} is already used by another folder`,
} as const;

/** Deleting a folder keeps its media: they become ungrouped (DESIGN section 3). */
export const folderDeleteResponseSchema = z.object({
  message: z.string(),
  images_unfoldered: z.number().int(),
});
export type FolderDeleteResponse = z.infer<typeof folderDeleteResponseSchema>;
