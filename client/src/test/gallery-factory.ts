import type { GalleryFolder, GalleryItem } from '@atelier/shared';

/** A plausible gallery item as the API returns it; tests override what they are about. */
export function makeGalleryItem(overrides: Partial<GalleryItem> = {}): GalleryItem {
  const id = overrides.id ?? 1;
  return {
    id,
    job_id: 41,
    job_name: 'Lighthouse at dusk',
    workflow_name: 'Text to Image',
    file_path: `/api/media/7/41/${id}_0.png?sig=x`,
    thumbnail_path: `/api/media/7/41/thumbs/${id}_0.webp?sig=x`,
    folder_path: null,
    seed_used: 12,
    user_tags: [],
    status: 'active',
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeGalleryFolder(overrides: Partial<GalleryFolder> = {}): GalleryFolder {
  return {
    id: 1,
    name: 'Favourites',
    color: '#3B82F6',
    hotkey: '1',
    image_count: 3,
    video_count: 1,
    preview_images: [],
    ...overrides,
  };
}
