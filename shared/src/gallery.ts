import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const GALLERY_STATUSES = ['active', 'archived'] as const;
export const galleryStatusSchema = z.enum(GALLERY_STATUSES);
export type GalleryStatus = z.infer<typeof galleryStatusSchema>;

/** SPEC section 3, Gallery item. folder_path empty or null means ungrouped. */
export const galleryItemSchema = z.object({
  id: z.number().int(),
  job_id: z.number().int(),
  job_name: z.string(),
  workflow_name: z.string(),
  file_path: z.string(),
  thumbnail_path: z.string().nullable(),
  folder_path: z.string().nullable(),
  seed_used: z.number().nullable(),
  user_tags: z.array(z.string()),
  status: galleryStatusSchema,
  created_at: isoDateSchema,
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** SPEC section 3, Gallery folder. */
export const galleryFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  hotkey: z.string().nullable(),
  image_count: z.number().int(),
  video_count: z.number().int(),
  preview_images: z.array(z.string()),
});
export type GalleryFolder = z.infer<typeof galleryFolderSchema>;

/** SPEC section 3, Gallery filters. folder: null = all, '' = ungrouped, else a folder name. */
export const galleryFiltersSchema = z.object({
  folder: z.string().nullable(),
  jobId: z.number().int().nullable(),
  jobName: z.string().nullable(),
  workflow: z.string().nullable(),
  dateFrom: z.string().nullable(),
  dateTo: z.string().nullable(),
  search: z.string(),
  status: galleryStatusSchema,
});
export type GalleryFilters = z.infer<typeof galleryFiltersSchema>;

/**
 * `gallery:changed`: the owner's folders (created, renamed, recoloured, re-keyed, deleted) or items
 * (moved, archived, restored, re-tagged) changed, in another tab or by an admin. Only the kind: each
 * tab reads again what it shows.
 */
export const GALLERY_CHANGE_KINDS = ['folders', 'items'] as const;
export const galleryChangeSchema = z.object({ kind: z.enum(GALLERY_CHANGE_KINDS) });
export type GalleryChange = z.infer<typeof galleryChangeSchema>;

/**
 * Sent by a tab with its gallery and folder changes: the id of its live connection, which the
 * change's `gallery:changed` then skips, since that tab has shown it already.
 */
export const LIVE_SOCKET_HEADER = 'X-Socket-Id';
const LIVE_SOCKET_RULE = `${LIVE_SOCKET_HEADER} must be a Socket.IO connection id`;
export const liveSocketHeadersSchema = z.object({
  'x-socket-id': z
    .string({ error: LIVE_SOCKET_RULE })
    .regex(/^[\w-]{1,64}$/, { error: LIVE_SOCKET_RULE })
    .optional()
    .meta({
      description:
        "The caller's own live connection (Socket.IO id): the `gallery:changed` this change pushes to the caller's other connections skips it",
    }),
});
export type LiveSocketHeaders = z.output<typeof liveSocketHeadersSchema>;
