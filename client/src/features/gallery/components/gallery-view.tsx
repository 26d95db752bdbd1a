import { Heading, Stack } from '@chakra-ui/react';
import type { GalleryItem } from '@atelier/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { formatCount } from '../../../lib/format';
import { logger } from '../../../lib/logger';
import { jobQueryOptions } from '../../jobs/api/get-job';
import { useFolders } from '../api/get-folders';
import type { useGalleryItems } from '../api/get-gallery-items';
import { bulkActionRunning, useMoveItems } from '../api/update-items';
import { useGridHotkeys } from '../hooks/use-grid-hotkeys';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { hasJobFilter, type GalleryFilterState } from '../hooks/use-gallery-params';
import { useFollowFolder } from '../hooks/use-follow-folder';
import { useSelection } from '../hooks/use-selection';
import {
  CLEARED_FILTERS,
  describeActiveFilters,
  hasClearableFilters,
  narrowsBeyondFolder,
} from '../utils/active-filters';
import { folderTileQuery, type GalleryQuery } from '../utils/gallery-query';
import type { GridAction } from '../utils/key-actions';
import { tileClickAction } from '../utils/selection';
import { BulkActionBar } from './bulk-action-bar';
import { FolderTiles } from './folder-tiles';
import { GalleryBreadcrumb } from './gallery-breadcrumb';
import { GalleryEmptyState } from './gallery-empty-state';
import { GalleryScrollStatus } from './gallery-scroll-status';
import { JobFilterBanner } from './job-filter-banner';
import { Lightbox } from './lightbox';
import { MediaGrid, type MediaGridHandle } from './media-grid';
import { MissingFolderState } from './missing-folder-state';

interface GalleryViewProps {
  filters: GalleryFilterState;
  query: GalleryQuery;
  pages: ReturnType<typeof useGalleryItems>;
  total: number | undefined;
  onFiltersChange: (changes: Partial<Omit<GalleryFilterState, 'jobId'>>, replace?: boolean) => void;
}

/** Everything under the filter bar: folders or the breadcrumb, the media grid, selection and the lightbox. */
export function GalleryView({ filters, query, pages, total, onFiltersChange }: GalleryViewProps) {
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const { selection, toggle, selectAll, clear, drop } = useSelection(ids, JSON.stringify(query));
  const [lightboxId, setLightboxId] = useState<number | null>(null);
  const [confirmingArchive, setConfirmingArchive] = useState(false);
  // a confirm left open over a selection that has gone would pop up again with the next one
  useEffect(() => {
    if (selection.length === 0) setConfirmingArchive(false);
  }, [selection.length]);
  const folderList = useFolders().data;
  const allFolders = folderList ?? [];
  const goToFolder = useCallback((folder: string | null) => onFiltersChange({ folder }, true), [onFiltersChange]);
  const folderGone = useFollowFolder(filters.folder, folderList, goToFolder);
  const tiles = useFolders(folderTileQuery(query));
  const move = useMoveItems();
  // the banner's own query: the empty state names the job as the banner does
  const job = useQuery({ ...jobQueryOptions(filters.jobId ?? 0), enabled: filters.jobId !== null });

  const showTiles = filters.folder === null && !hasJobFilter(filters);
  const { hasNextPage, isFetching, isFetchingNextPage, fetchNextPage, isError } = pages;
  // While the loaded pages are read again (changed in another tab, moved), the next page waits:
  // asked for now it would cancel that read and leave the pages from before the change on screen.
  // Ended, the read changes loadMore, and the scroll check and the lightbox ask again.
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching && !isError) void fetchNextPage({ cancelRefetch: false });
  }, [hasNextPage, isFetching, isError, fetchNextPage]);
  useInfiniteScroll(loadMore, lightboxId === null && hasNextPage && !isError, items.length);

  const onTileClick = useCallback(
    (item: GalleryItem, _index: number, event: MouseEvent) => {
      if (tileClickAction(selection, event) === 'toggle') toggle(item.id);
      else setLightboxId(item.id);
    },
    [selection, toggle],
  );

  const queryClient = useQueryClient();
  const onGridKey = (action: GridAction) => {
    if (action.type === 'select-all') selectAll();
    else if (action.type === 'clear') clear();
    // pressed again or held while the action runs, its key does nothing, as its busy button does
    else if (action.type === 'archive') {
      if (!bulkActionRunning(queryClient, 'archive')) setConfirmingArchive(filters.status === 'active');
    } else if (action.type === 'move') {
      if (bulkActionRunning(queryClient, 'move')) return;
      const ids = [...selection];
      move.mutate(
        { ids, folder: action.folder },
        { onSuccess: () => drop(ids), onError: (error) => logger.warn('move by hotkey failed', error) },
      );
    }
  };
  useGridHotkeys(lightboxId === null, allFolders, selection.length, onGridKey);

  // The bulk bar goes with the selection; focus lost with it comes back to the view, not to the
  // page's start. Focus the user has taken elsewhere meanwhile stays there.
  const viewRef = useRef<HTMLDivElement>(null);
  const hadSelection = useRef(false);
  useEffect(() => {
    const had = hadSelection.current;
    hadSelection.current = selection.length > 0;
    if (had && selection.length === 0 && document.activeElement === document.body) viewRef.current?.focus();
  }, [selection.length]);

  // The lightbox closed gives the keyboard to the tile of the item it showed last (scrolled back
  // into sight when the lightbox went far from where it was opened), or, when that
  // item has left the view (moved, archived: its tile may go only once the server has answered),
  // to the view: never back to a tile that is gone, which would drop it to the page's start.
  const gridRef = useRef<MediaGridHandle>(null);
  const lastShown = useRef<number | null>(null);
  const returnedTo = useRef<number | null>(null);
  useEffect(() => {
    if (lightboxId !== null) {
      lastShown.current = lightboxId;
      returnedTo.current = null;
      return;
    }
    const id = lastShown.current;
    lastShown.current = null;
    if (id === null) return;
    const focused = gridRef.current?.focusItem(id, () => viewRef.current?.focus()) ?? false;
    returnedTo.current = focused ? id : null;
    if (!focused) viewRef.current?.focus();
  }, [lightboxId]);
  useEffect(() => {
    const id = returnedTo.current;
    if (id === null || ids.includes(id)) return;
    returnedTo.current = null;
    if (document.activeElement === document.body) viewRef.current?.focus();
  }, [ids]);

  // Entering a folder or leaving it by the breadcrumb removes the button that was clicked: focus
  // goes to the breadcrumb, or back to the tile of the folder just left, not to the page's start.
  const focusAfterMove = useRef<{ crumbs: true } | { tile: string } | null>(null);
  const openFolder = (name: string) => {
    focusAfterMove.current = { crumbs: true };
    onFiltersChange({ folder: name });
  };
  const leaveFolder = (name: string) => {
    focusAfterMove.current = { tile: name };
    onFiltersChange({ folder: null });
  };
  useEffect(() => {
    const want = focusAfterMove.current;
    const root = viewRef.current;
    if (!want || !root) return;
    const target =
      'crumbs' in want
        ? root.querySelector<HTMLElement>('nav[aria-label="breadcrumb"]')
        : root.querySelector<HTMLElement>(`[data-folder-name="${CSS.escape(want.tile)}"]`);
    // the tiles of the view just returned to may still be on their way
    if (!target && 'tile' in want && tiles.isPending) return;
    focusAfterMove.current = null;
    (target ?? root).focus();
  }, [filters.folder, tiles.isPending, tiles.data]);

  const nothingShown = pages.data && items.length === 0 && !pages.hasNextPage;
  const heading = showTiles ? `Ungrouped Images (${total === undefined ? '…' : formatCount(total)})` : null;

  return (
    <Stack gap={4} ref={viewRef} tabIndex={-1} outline="none">
      {filters.jobId !== null && <JobFilterBanner jobId={filters.jobId} />}
      {filters.folder !== null && <GalleryBreadcrumb folder={filters.folder} onLeave={leaveFolder} />}
      {showTiles && <FolderTiles folders={tiles.data ?? []} onOpen={openFolder} />}
      {heading && (
        <Heading as="h2" size="md">
          {heading}
        </Heading>
      )}
      {nothingShown && folderGone ? (
        <MissingFolderState
          folder={filters.folder ?? ''}
          onLeave={() => {
            onFiltersChange({ folder: null });
            // the button goes with the message: the keyboard stays in the gallery, not at the page's start
            viewRef.current?.focus();
          }}
        />
      ) : nothingShown ? (
        <GalleryEmptyState
          emptyFolder={filters.folder !== null && !narrowsBeyondFolder(filters)}
          activeFilters={describeActiveFilters(filters, filters.jobId === null ? undefined : job.data?.job_name)}
          canClear={hasClearableFilters(filters)}
          onClearFilters={() => {
            onFiltersChange(CLEARED_FILTERS);
            // the button goes with the empty state: the keyboard stays in the gallery, not at the page's start
            viewRef.current?.focus();
          }}
        />
      ) : (
        <MediaGrid items={items} selection={selection} onTileClick={onTileClick} onToggle={toggle} handle={gridRef} />
      )}
      <GalleryScrollStatus
        state={{
          isPending: pages.isPending,
          isFetchingNextPage,
          hasNextPage,
          error: pages.error,
          itemCount: items.length,
        }}
        onRetry={() => void (pages.data ? fetchNextPage({ cancelRefetch: false }) : pages.refetch())}
      />
      <BulkActionBar
        selection={selection}
        status={filters.status}
        folders={allFolders}
        loadedCount={items.length}
        confirming={confirmingArchive}
        onConfirmingChange={setConfirmingArchive}
        onSelectAll={selectAll}
        onClear={clear}
        onDone={drop}
      />
      {lightboxId !== null && (
        <Lightbox
          items={items}
          currentId={lightboxId}
          folders={allFolders}
          hasMore={hasNextPage}
          onShow={setLightboxId}
          onClose={() => setLightboxId(null)}
          onNeedMore={loadMore}
        />
      )}
    </Stack>
  );
}
