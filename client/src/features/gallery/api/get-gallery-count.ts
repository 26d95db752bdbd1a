import { galleryCountSchema } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { GalleryQuery } from '../utils/gallery-query';
import { galleryQueryKeys } from './gallery-query-keys';

export function getGalleryCount(query: GalleryQuery, signal?: AbortSignal): Promise<number> {
  return apiRequest('/gallery/count', galleryCountSchema, { query: { ...query }, signal }).then((r) => r.count);
}

/** The total of a view, for the filter bar and the Ungrouped heading. Failures stay silent (SPEC section 8). */
export function galleryCountQueryOptions(query: GalleryQuery) {
  return queryOptions({
    queryKey: galleryQueryKeys.count(query),
    queryFn: ({ signal }) => getGalleryCount(query, signal),
  });
}

export function useGalleryCount(query: GalleryQuery) {
  return useQuery(galleryCountQueryOptions(query));
}
