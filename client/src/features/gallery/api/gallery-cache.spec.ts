import { QueryClient, QueryObserver, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeGalleryItem } from '../../../test/gallery-factory';
import type { GalleryQuery } from '../utils/gallery-query';
import { addNewItem, applyItemChanges, holdNewItems, refreshChangedElsewhere } from './gallery-cache';
import type { GalleryPage } from './get-gallery-items';
import { galleryQueryKeys } from './gallery-query-keys';

const ungrouped: GalleryQuery = { status: 'active', folder: '', tz: 0 };
const archived: GalleryQuery = { status: 'archived', tz: 0 };
const job41: GalleryQuery = { status: 'active', job_id: 41, tz: 0 };

function cacheWith(views: Array<[GalleryQuery, number[]]>): QueryClient {
  const queryClient = new QueryClient();
  for (const [query, ids] of views) {
    const data: InfiniteData<GalleryPage, string | null> = {
      pages: [{ items: ids.map((id) => makeGalleryItem({ id })), nextCursor: null }],
      pageParams: [null],
    };
    queryClient.setQueryData(galleryQueryKeys.itemList(query), data);
  }
  return queryClient;
}

const idsIn = (queryClient: QueryClient, query: GalleryQuery) =>
  queryClient
    .getQueryData<InfiniteData<GalleryPage>>(galleryQueryKeys.itemList(query))
    ?.pages.flatMap((page) => page.items.map((item) => item.id));

describe('gallery cache', () => {
  it('drops a changed item from views it left and keeps it changed in those it still matches', async () => {
    const queryClient = cacheWith([
      [ungrouped, [1, 2, 3]],
      [job41, [1, 2, 3]],
    ]);
    await applyItemChanges(queryClient, [2], (item) => ({ ...item, folder_path: 'Best' }));
    expect(idsIn(queryClient, ungrouped)).toEqual([1, 3]);
    expect(idsIn(queryClient, job41)).toEqual([1, 2, 3]);
  });

  it('has views not on screen read again when next shown: the changed items may have gone into them', async () => {
    const best: GalleryQuery = { status: 'active', folder: 'Best', tz: 0 };
    const queryClient = cacheWith([
      [ungrouped, [1, 2]],
      [best, [7]],
    ]);
    await applyItemChanges(queryClient, [2], (item) => ({ ...item, folder_path: 'Best' }));
    expect(queryClient.getQueryState(galleryQueryKeys.itemList(best))?.isInvalidated).toBe(true);
  });

  it('puts a new item on top of the views it matches, once', () => {
    const queryClient = cacheWith([
      [ungrouped, [1]],
      [archived, [9]],
    ]);
    const item = makeGalleryItem({ id: 5 });
    addNewItem(queryClient, item);
    addNewItem(queryClient, item);
    expect(idsIn(queryClient, ungrouped)).toEqual([5, 1]);
    expect(idsIn(queryClient, archived)).toEqual([9]);
  });

  it('reads the view on screen again after a change elsewhere: once a burst, and once the pointer leaves the media', async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const queryClient = cacheWith([[ungrouped, [1, 2]]]);
    let reads = 0;
    const onScreen = new QueryObserver(queryClient, {
      queryKey: galleryQueryKeys.itemList(ungrouped),
      queryFn: () => ++reads,
      staleTime: Infinity,
    });
    onTestFinished(onScreen.subscribe(() => {}));

    // a bulk action in three batches, each announced
    for (let i = 0; i < 3; i++) refreshChangedElsewhere(queryClient);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toBe(1);

    const release = holdNewItems(queryClient);
    refreshChangedElsewhere(queryClient);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(2);
  });
});
