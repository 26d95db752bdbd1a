import type { GalleryQuery } from '../utils/gallery-query';

/**
 * Every gallery query lives under `['gallery']`, so a mutation or a socket event reaches them all:
 * the pages of a view under `items`, its total under `count`, the folder tiles under `folders`.
 */
export const galleryQueryKeys = {
  all: ['gallery'] as const,
  items: () => ['gallery', 'items'] as const,
  itemList: (query: GalleryQuery) => ['gallery', 'items', query] as const,
  counts: () => ['gallery', 'count'] as const,
  count: (query: GalleryQuery) => ['gallery', 'count', query] as const,
  folders: () => ['gallery', 'folders'] as const,
  folderList: (query: Partial<GalleryQuery>) => ['gallery', 'folders', query] as const,
};
