import type { GalleryItem } from '@atelier/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { GalleryQuery } from '../utils/gallery-query';
import { itemMatchesQuery } from '../utils/item-matches-query';
import { getGalleryPage, type GalleryPage } from './get-gallery-items';
import { galleryQueryKeys } from './gallery-query-keys';

type Pages = InfiniteData<GalleryPage, string | null>;

function cachedViews(queryClient: QueryClient) {
  return queryClient.getQueryCache().findAll({ queryKey: galleryQueryKeys.items() });
}

/** The totals and tiles are cheap to re-read; the loaded pages are patched instead. */
export function refreshSummaries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: galleryQueryKeys.counts() }),
    queryClient.invalidateQueries({ queryKey: galleryQueryKeys.folders() }),
  ]);
}

/**
 * Items changed on the server (archived, restored, moved): each cached view keeps them changed
 * in place, or drops them when its filters no longer match.
 */
export function applyItemChanges(
  queryClient: QueryClient,
  ids: readonly number[],
  change: (item: GalleryItem) => GalleryItem,
): Promise<unknown> {
  patchItems(queryClient, ids, change);
  return refreshSummaries(queryClient);
}

/**
 * applyItemChanges without reading the totals and folder tiles again: a bulk action in several
 * requests patches the items after each and reads the summaries once, at the end (each read of
 * 200 folders' tiles is 100 kB, and waiting for it between requests held the page for seconds).
 */
export function patchItems(
  queryClient: QueryClient,
  ids: readonly number[],
  change: (item: GalleryItem) => GalleryItem,
): void {
  const wanted = new Set(ids);
  for (const query of cachedViews(queryClient)) {
    const view = query.queryKey[2] as GalleryQuery;
    queryClient.setQueryData<Pages>(query.queryKey, (data) => {
      if (!data) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.flatMap((item) => {
            if (!wanted.has(item.id)) return [item];
            const changed = change(item);
            return itemMatchesQuery(changed, view) ? [changed] : [];
          }),
        })),
      };
    });
  }
  // A view not on screen may be where the items went (a folder, Archived): it holds none of them,
  // so it is read again when next shown rather than patched.
  void queryClient.invalidateQueries({ queryKey: galleryQueryKeys.items(), type: 'inactive', refetchType: 'none' });
}

/** A running batch adds items several times a second: totals and tiles follow at most once a second. */
const LIVE_SUMMARY_INTERVAL_MS = 1000;
const pendingRefresh = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

function refreshSummariesSoon(queryClient: QueryClient): void {
  if (pendingRefresh.has(queryClient)) return;
  pendingRefresh.set(
    queryClient,
    setTimeout(() => {
      pendingRefresh.delete(queryClient);
      void refreshSummaries(queryClient);
    }, LIVE_SUMMARY_INTERVAL_MS),
  );
}

/** Items that arrived while the pointer was over the media, oldest first; absent while none is held. */
const heldItems = new WeakMap<QueryClient, GalleryItem[]>();
/** The views on screen are to be read again once the pointer leaves the media (changed elsewhere meanwhile). */
const viewsChangedWhileHeld = new WeakSet<QueryClient>();

/**
 * A new item on top moves every tile after it one place on: with a batch running, the tile under
 * the pointer was replaced as a click went down, and the click opened (or, selecting, toggled)
 * another image. While the pointer is over the media, new items wait; the function returned puts
 * them on top, in the order they came.
 */
export function holdNewItems(queryClient: QueryClient): () => void {
  if (!heldItems.has(queryClient)) heldItems.set(queryClient, []);
  return () => {
    const held = heldItems.get(queryClient) ?? [];
    heldItems.delete(queryClient);
    for (const item of held) addNewItem(queryClient, item);
    if (viewsChangedWhileHeld.delete(queryClient))
      void queryClient.invalidateQueries({ queryKey: galleryQueryKeys.items() });
  };
}

/** A bulk action goes in batches, each announced: the burst is read once, this long after its first. */
const CHANGED_ELSEWHERE_DELAY_MS = 300;
const pendingChange = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/**
 * `gallery:changed`: this user's folders or items changed in another tab, or an admin changed the
 * folders. What only the server knows (where the items went, the new names) is read again: the
 * totals, folder tiles and hotkeys at once, the loaded items too, except while the pointer is over
 * the media, where an item leaving would move the tiles under a click: they are read once it
 * leaves. Views not on screen are read when next shown.
 */
export function refreshChangedElsewhere(queryClient: QueryClient): void {
  if (pendingChange.has(queryClient)) return;
  pendingChange.set(
    queryClient,
    setTimeout(() => {
      pendingChange.delete(queryClient);
      void refreshSummaries(queryClient);
      void queryClient.invalidateQueries({ queryKey: galleryQueryKeys.items(), type: 'inactive', refetchType: 'none' });
      if (heldItems.has(queryClient)) viewsChangedWhileHeld.add(queryClient);
      else void queryClient.invalidateQueries({ queryKey: galleryQueryKeys.items(), type: 'active' });
    }, CHANGED_ELSEWHERE_DELAY_MS),
  );
}

/** A new item (`gallery:item-created`) goes on top of every loaded view it belongs to. */
export function addNewItem(queryClient: QueryClient, item: GalleryItem): void {
  const held = heldItems.get(queryClient);
  if (held) {
    held.push(item);
    // the totals and folder tiles may follow at once: they move nothing under the pointer
    refreshSummariesSoon(queryClient);
    return;
  }
  for (const query of cachedViews(queryClient)) {
    const view = query.queryKey[2] as GalleryQuery;
    if (!itemMatchesQuery(item, view)) continue;
    queryClient.setQueryData<Pages>(query.queryKey, (data) => {
      const first = data?.pages[0];
      if (!data || !first || data.pages.some((page) => page.items.some((row) => row.id === item.id))) return data;
      return { ...data, pages: [{ ...first, items: [item, ...first.items] }, ...data.pages.slice(1)] };
    });
  }
  refreshSummariesSoon(queryClient);
}

/** Newest first, as the server orders them: by creation time, then id. */
function isNewer(item: GalleryItem, than: GalleryItem): boolean {
  const [a, b] = [Date.parse(item.created_at), Date.parse(than.created_at)];
  return a > b || (a === b && item.id > than.id);
}

/**
 * What a lost live connection would have pushed: each view on screen reads its newest page, and
 * the items newer than its own newest go on top, as `gallery:item-created` would have put them.
 */
export async function addNewestItems(queryClient: QueryClient): Promise<void> {
  const onScreen = queryClient.getQueryCache().findAll({ queryKey: galleryQueryKeys.items(), type: 'active' });
  await Promise.all(
    onScreen.map(async (query) => {
      const newest = (query.state.data as Pages | undefined)?.pages[0]?.items[0];
      const page = await getGalleryPage(query.queryKey[2] as GalleryQuery, null);
      const arrived = newest ? page.items.filter((item) => isNewer(item, newest)) : page.items;
      for (const item of arrived.reverse()) addNewItem(queryClient, item);
    }),
  );
}
