import { GALLERY_PAGE_SIZE, NEXT_CURSOR_HEADER, galleryItemSchema, type GalleryItem } from '@atelier/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, refusalOf } from '../../../lib/api-client';
import { readStoredToken } from '../../../lib/session-storage';
import type { GalleryQuery } from '../utils/gallery-query';
import { galleryQueryKeys } from './gallery-query-keys';

export interface GalleryPage {
  items: GalleryItem[];
  /** From the `X-Next-Cursor` header; null once the last page has been read. */
  nextCursor: string | null;
}

const itemsSchema = z.array(galleryItemSchema);

function galleryUrl(query: GalleryQuery, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(GALLERY_PAGE_SIZE) });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  return `${API_BASE}/gallery?${params.toString()}`;
}

/**
 * One page of GET /gallery. The shared api client answers bodies only, and the next page's
 * cursor travels in a response header, so this call reads the response itself.
 */
export async function getGalleryPage(
  query: GalleryQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<GalleryPage> {
  const token = readStoredToken();
  const response = await fetch(galleryUrl(query, cursor), {
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    signal,
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw refusalOf(response, payload, token);
  return { items: itemsSchema.parse(payload), nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

/** A view's media, newest first, 100 at a time by keyset cursor (SPEC section 9, infinite scroll). */
export function galleryItemsQueryOptions(query: GalleryQuery) {
  return infiniteQueryOptions({
    queryKey: galleryQueryKeys.itemList(query),
    queryFn: ({ pageParam, signal }) => getGalleryPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A refetch would re-read every loaded page in turn; changes reach the cache directly instead.
    staleTime: Infinity,
  });
}

export function useGalleryItems(query: GalleryQuery) {
  return useInfiniteQuery(galleryItemsQueryOptions(query));
}
