import { bulkResultSchema, galleryItemSchema, type GalleryItem } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyItemChanges } from './gallery-cache';

export function bulkArchive(ids: number[]) {
  return apiRequest('/gallery/bulk-archive', bulkResultSchema, { method: 'POST', body: { ids } });
}

export function bulkUnarchive(ids: number[]) {
  return apiRequest('/gallery/bulk-unarchive', bulkResultSchema, { method: 'POST', body: { ids } });
}

/** '' takes the items out of their folder. */
export function bulkMove(ids: number[], folderPath: string) {
  return apiRequest('/gallery/bulk-folder', bulkResultSchema, {
    method: 'POST',
    body: { ids, folder_path: folderPath },
  });
}

export function archiveItem(id: number): Promise<GalleryItem> {
  return apiRequest(`/gallery/${id}/archive`, galleryItemSchema, { method: 'POST' });
}

export function moveItem(id: number, folderPath: string): Promise<GalleryItem> {
  return apiRequest(`/gallery/${id}/folder`, galleryItemSchema, { method: 'PUT', body: { folder_path: folderPath } });
}

/** Archive or restore many items in one atomic request. */
export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, archived }: { ids: number[]; archived: boolean }) =>
      archived ? bulkArchive(ids) : bulkUnarchive(ids),
    onSuccess: (_result, { ids, archived }) =>
      applyItemChanges(queryClient, ids, (item) => ({ ...item, status: archived ? 'archived' : 'active' })),
  });
}

/** Move many items into a folder (or out of theirs with '') in one atomic request. */
export function useMoveItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, folderPath }: { ids: number[]; folderPath: string }) => bulkMove(ids, folderPath),
    onSuccess: (_result, { ids, folderPath }) =>
      applyItemChanges(queryClient, ids, (item) => ({ ...item, folder_path: folderPath === '' ? null : folderPath })),
  });
}

/** The lightbox's own actions on one item; the server answers the item as it now is. */
export function useArchiveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => archiveItem(id),
    onSuccess: (item) => applyItemChanges(queryClient, [item.id], () => item),
  });
}

export function useMoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, folderPath }: { id: number; folderPath: string }) => moveItem(id, folderPath),
    onSuccess: (item) => applyItemChanges(queryClient, [item.id], () => item),
  });
}

export function setItemTags(id: number, tags: string[]): Promise<GalleryItem> {
  return apiRequest(`/gallery/${id}/tags`, galleryItemSchema, { method: 'PUT', body: { user_tags: tags } });
}

/** The lightbox's update: an item's user tags, as the server normalises them. */
export function useSetItemTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tags }: { id: number; tags: string[] }) => setItemTags(id, tags),
    onSuccess: (item) => applyItemChanges(queryClient, [item.id], () => item),
  });
}
