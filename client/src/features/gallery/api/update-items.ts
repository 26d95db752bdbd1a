import {
  MAX_BULK_IDS,
  bulkResultSchema,
  galleryItemSchema,
  type GalleryFolder,
  type GalleryItem,
} from '@atelier/shared';
import { useIsMutating, useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { applyItemChanges, patchItems, refreshSummaries } from './gallery-cache';
import { foldersQueryOptions } from './get-folders';
import { galleryQueryKeys } from './gallery-query-keys';

/** Where a move goes: one of the caller's folders, or null for out of any folder. */
export type MoveTarget = Pick<GalleryFolder, 'id' | 'name'> | null;

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
 * A move names its folder, and the name this page read may be out of date: renamed in another tab
 * or by an admin, the folder is refused as unknown (400). Its hotkey and menu entry still mean that
 * folder, so it is looked up again by id and the move sent under its name now, and every view (its
 * tile, the items' folder names) is read again. Answers the server's answer and the name used.
 */
async function sendToFolder<T>(
  queryClient: QueryClient,
  target: MoveTarget,
  send: (folderPath: string) => Promise<T>,
): Promise<{ answer: T; name: string }> {
  const name = target?.name ?? '';
  try {
    return { answer: await send(name), name };
  } catch (error) {
    if (target === null || !(error instanceof ApiError) || error.status !== 400) throw error;
    const folders = await queryClient.fetchQuery({ ...foldersQueryOptions(), staleTime: 0 });
    const now = folders.find((folder) => folder.id === target.id);
    if (!now || now.name === target.name) throw error;
    const answer = await send(now.name);
    // read after the move, so no view comes back from before it
    void queryClient.invalidateQueries({ queryKey: galleryQueryKeys.all });
    return { answer, name: now.name };
  }
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

/**
 * A bulk action's kind, shared by its button and its key: while one runs, the same action asked
 * for again (the key pressed again or held, the button pressed after the key) sends nothing.
 */
const bulkActionKeys = {
  move: ['gallery', 'bulk', 'move'],
  archive: ['gallery', 'bulk', 'archive'],
} as const;

export type BulkActionKind = keyof typeof bulkActionKeys;

/** The lightbox's actions on the item it shows; under 'gallery' with the bulk ones (usePendingItemIds). */
const itemActionKeys = {
  move: ['gallery', 'item', 'move'],
  archive: ['gallery', 'item', 'archive'],
} as const;

/** Read at the moment it is asked, not at the next render: a held key repeats faster than that. */
export function bulkActionRunning(queryClient: QueryClient, kind: BulkActionKind): boolean {
  return queryClient.isMutating({ mutationKey: bulkActionKeys[kind] }) > 0;
}

export function useBulkActionRunning(kind: BulkActionKind): boolean {
  return useIsMutating({ mutationKey: bulkActionKeys[kind] }) > 0;
}

/** Archive or restore many items, a request per MAX_BULK_IDS. */
export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: bulkActionKeys.archive,
    mutationFn: ({ ids, archived }: { ids: number[]; archived: boolean }) =>
      inBatches(
        queryClient,
        ids,
        (batch) => (archived ? bulkArchive(batch) : bulkUnarchive(batch)),
        (batch) => patchItems(queryClient, batch, (item) => ({ ...item, status: archived ? 'archived' : 'active' })),
      ),
  });
}

/** Move many items into a folder (or out of theirs with null), a request per MAX_BULK_IDS. */
export function useMoveItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: bulkActionKeys.move,
    mutationFn: ({ ids, folder }: { ids: number[]; folder: MoveTarget }) => {
      let target = folder;
      return inBatches(
        queryClient,
        ids,
        async (batch) => {
          const { name } = await sendToFolder(queryClient, target, (folderPath) => bulkMove(batch, folderPath));
          if (target) target = { ...target, name };
        },
        (batch) => patchItems(queryClient, batch, (item) => ({ ...item, folder_path: target?.name ?? null })),
      );
    },
  });
}

/** The lightbox's own actions on one item; the server answers the item as it now is. */
export function useArchiveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: itemActionKeys.archive,
    mutationFn: ({ id }: { id: number }) => archiveItem(id),
    onSuccess: (item) => applyItemChanges(queryClient, [item.id], () => item),
  });
}

export function useMoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: itemActionKeys.move,
    mutationFn: async ({ id, folder }: { id: number; folder: MoveTarget }) =>
      (await sendToFolder(queryClient, folder, (folderPath) => moveItem(id, folderPath))).answer,
    onSuccess: (item) => applyItemChanges(queryClient, [item.id], () => item),
  });
}

export function setItemTags(id: number, tags: string[]): Promise<GalleryItem> {
  return apiRequest(`/gallery/${id}/tags`, galleryItemSchema, { method: 'PUT', body: { user_tags: tags } });
}

/**
 * The lightbox's update: an item's user tags, as the server normalises them. Each save sends the
 * whole list, so one item's saves go one after another (a TanStack scope): sent together, a slow
 * server could take an older list last and lose the newer tag.
 */
export function useSetItemTags(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `gallery-item-tags-${id}` },
    mutationFn: ({ tags }: { tags: string[] }) => setItemTags(id, tags),
    onSuccess: (item) => applyItemChanges(queryClient, [item.id], () => item),
  });
}

/**
 * The items an archive, restore or move is on its way for, from the lightbox or the bulk bar. The
 * views list them until the server has taken it; the lightbox, which has already gone on from
 * them, does not go back to one meanwhile (to leave under the user's eyes moments later).
 */
export function usePendingItemIds(): ReadonlySet<number> {
  const variables = useMutationState({
    filters: { mutationKey: ['gallery'], status: 'pending' },
    select: (mutation) => mutation.state.variables,
  });
  return useMemo(() => new Set(variables.flatMap(itemIdsOf)), [variables]);
}

/** Every gallery action is sent its item as `id` or its items as `ids`. */
function itemIdsOf(variables: unknown): number[] {
  const { id, ids } = (variables ?? {}) as { id?: number; ids?: number[] };
  return ids ?? (id === undefined ? [] : [id]);
}
