import { MAX_BULK_IDS, bulkResultSchema, galleryItemSchema, type GalleryItem } from '@atelier/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyItemChanges, patchItems, refreshSummaries } from './gallery-cache';

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

/**
 * A bulk route takes at most MAX_BULK_IDS ids, so Ctrl+A past that many loaded items goes in
 * consecutive requests, each all or nothing. Each batch shows as done once the server has taken
 * it: a failure part-way leaves in the view (and so in the selection) only what is still to do.
 * Totals and folder tiles are read again once, when the last request has ended, however it ended.
 */
async function inBatches(
  queryClient: QueryClient,
  ids: readonly number[],
  send: (batch: number[]) => Promise<unknown>,
  done: (batch: number[]) => void,
): Promise<void> {
  try {
    for (let start = 0; start < ids.length; start += MAX_BULK_IDS) {
      const batch = ids.slice(start, start + MAX_BULK_IDS);
      await send(batch);
      done(batch);
    }
  } finally {
    void refreshSummaries(queryClient);
  }
}

/** Archive or restore many items, a request per MAX_BULK_IDS. */
export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, archived }: { ids: number[]; archived: boolean }) =>
      inBatches(
        queryClient,
        ids,
        (batch) => (archived ? bulkArchive(batch) : bulkUnarchive(batch)),
        (batch) => patchItems(queryClient, batch, (item) => ({ ...item, status: archived ? 'archived' : 'active' })),
      ),
  });
}

/** Move many items into a folder (or out of theirs with ''), a request per MAX_BULK_IDS. */
export function useMoveItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, folderPath }: { ids: number[]; folderPath: string }) =>
      inBatches(
        queryClient,
        ids,
        (batch) => bulkMove(batch, folderPath),
        (batch) =>
          patchItems(queryClient, batch, (item) => ({
            ...item,
            folder_path: folderPath === '' ? null : folderPath,
          })),
      ),
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
