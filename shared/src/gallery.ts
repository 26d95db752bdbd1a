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
