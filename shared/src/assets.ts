import { z } from 'zod';
import { idSchema, withoutInvisibleFillers } from './common.js';

/** SPEC section 3, Asset, plus signed URLs: `<img>` cannot send a bearer header. */
export const assetSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  filename: z.string(),
  display_name: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const ASSET_MAX_BYTES = 20 * 1024 * 1024;
export const ASSET_DISPLAY_NAME_MAX = 200;
/** Recognised by content, never by name or declared type. */
export const ASSET_IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'gif'] as const;

export const ASSET_MESSAGES = {
  assetNotFound: 'Asset not found',
  fileRequired: 'Please choose a file to upload',
  notAnImage: 'Only PNG, JPEG, WebP or GIF images can be uploaded',
  tooLarge: `The file is too large: the limit is ${ASSET_MAX_BYTES / 1024 / 1024} MB`,
  displayNameTooLong: `Display name must be at most ${ASSET_DISPLAY_NAME_MAX} characters`,
} as const;

export const assetIdParamsSchema = z.object({ id: idSchema });

/** The text fields sent with an upload (multipart); the file travels as `file`. */
export const uploadAssetFieldsSchema = z.object({
  display_name: z
    .string({ error: 'Display name must be one text' })
    // every user's asset picker shows it: a name of zero-width spaces would be a blank entry, and a
    // right-to-left override turns 'gnp.exe' into 'exe.png'; nothing left that shows, the file names it
    .overwrite(withoutInvisibleFillers)
    .trim()
    .normalize('NFC')
    .max(ASSET_DISPLAY_NAME_MAX, { error: ASSET_MESSAGES.displayNameTooLong })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type UploadAssetFields = z.input<typeof uploadAssetFieldsSchema>;
