import { galleryFolderSchema } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { GalleryQuery } from '../utils/gallery-query';
import { galleryQueryKeys } from './gallery-query-keys';

const foldersSchema = z.array(galleryFolderSchema);

/** GET /folders: the caller's folders with counts and previews over the given filters. */
export function getFolders(query: Partial<GalleryQuery>, signal?: AbortSignal) {
  return apiRequest('/folders', foldersSchema, { query: { ...query }, signal });
}

/** Folder tiles use the view's filters; the folder manager and the hotkeys ask unfiltered (`{}`). */
export function foldersQueryOptions(query: Partial<GalleryQuery> = {}) {
  return queryOptions({
    queryKey: galleryQueryKeys.folderList(query),
    queryFn: ({ signal }) => getFolders(query, signal),
  });
}

export function useFolders(query: Partial<GalleryQuery> = {}) {
  return useQuery(foldersQueryOptions(query));
}
