import { Box } from '@chakra-ui/react';
import type { GalleryItem } from '@atelier/shared';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useMemo, useRef, type MouseEvent, type Ref } from 'react';
import { TILE_GAP_PX, useGridLayout } from '../hooks/use-grid-columns';
import { useHoldNewItems } from '../hooks/use-hold-new-items';
import { useRovingTiles } from '../hooks/use-roving-tiles';
import { isHeldActivation } from '../utils/key-actions';
import type { Selection } from '../utils/selection';
import { MediaTile } from './media-tile';
import { mediaTileStyles } from './media-tile-styles';

interface MediaGridProps {
  items: readonly GalleryItem[];
  selection: Selection;
  onTileClick: (item: GalleryItem, index: number, event: MouseEvent) => void;
  onToggle: (id: number) => void;
  handle?: Ref<MediaGridHandle>;
}

export interface MediaGridHandle {
  /**
   * Focuses the item's tile, first scrolling its row into sight when it is not drawn (the lightbox
   * may have moved far from where it was opened); false when the grid does not hold the item.
   */
  focusItem(id: number, onNotDrawn: () => void): boolean;
}

/** Frames to wait for a row scrolled to to be drawn before giving up on focusing its tile. */
const DRAW_WAIT_FRAMES = 30;

/** Space kept between a row brought into sight and the sticky bar over it. */
const REVEAL_MARGIN_PX = 8;

/**
 * Scrolls the window just enough that the row at `rowTop` (document px) shows whole between the
 * sticky top navigation and the sticky bulk bar, which would otherwise hide a row focused by key.
 */
function revealRow(rowTop: number, height: number) {
  const navBottom = document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect().bottom ?? 0;
  const barTop = document.querySelector('[aria-label="Bulk actions"]')?.getBoundingClientRect().top ?? Infinity;
  const viewTop = window.scrollY + Math.max(0, navBottom) + REVEAL_MARGIN_PX;
  const viewBottom = window.scrollY + Math.min(window.innerHeight, barTop) - REVEAL_MARGIN_PX;
  if (rowTop < viewTop) window.scrollBy({ top: rowTop - viewTop, behavior: 'instant' });
  else if (rowTop + height > viewBottom) window.scrollBy({ top: rowTop + height - viewBottom, behavior: 'instant' });
}

/** Rows drawn beyond the window on each side, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 3;

/**
 * The media, a row of square tiles at a time. Only the rows near the window exist in the DOM, so
 * ten thousand loaded items cost what a screenful does (SPEC section 9 asks the grid to scale).
 */
export function MediaGrid({ items, selection, onTileClick, onToggle, handle }: MediaGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { columns, tileSize, top } = useGridLayout(ref);
  const rowHeight = tileSize + TILE_GAP_PX;
  const rowCount = Math.ceil(items.length / columns);
  const numbers = useMemo(() => new Map(selection.map((id, i) => [id, i + 1])), [selection]);
  const holdNewItems = useHoldNewItems();

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const rows = virtualizer.getVirtualItems();
  const drawn = {
    first: (rows[0]?.index ?? 0) * columns,
    last: Math.min(items.length, ((rows.at(-1)?.index ?? -1) + 1) * columns) - 1,
  };
  const roving = useRovingTiles(ref, items, columns, drawn, (row) => revealRow(top + row * rowHeight, tileSize));
  const pendingFocus = useRef(0);
  useEffect(() => () => cancelAnimationFrame(pendingFocus.current), []);
  useImperativeHandle(
    handle,
    () => ({
      focusItem(id, onNotDrawn) {
        cancelAnimationFrame(pendingFocus.current);
        const index = items.findIndex((item) => item.id === id);
        if (index < 0) return false;
        const tile = () => ref.current?.querySelector<HTMLElement>(`[data-item-id="${id}"] .media-tile-open`);
        const drawnTile = tile();
        if (drawnTile) {
          drawnTile.focus();
          return true;
        }
        revealRow(top + Math.floor(index / columns) * rowHeight, tileSize);
        // the virtualizer draws the row on the scroll event that follows
        let frames = 0;
        const focusOnceDrawn = () => {
          // the user has put the focus somewhere meanwhile: leave it there
          if (document.activeElement && document.activeElement !== document.body) return;
          const found = tile();
          if (found) found.focus();
          else if (++frames < DRAW_WAIT_FRAMES) pendingFocus.current = requestAnimationFrame(focusOnceDrawn);
          else onNotDrawn();
        };
        pendingFocus.current = requestAnimationFrame(focusOnceDrawn);
        return true;
      },
    }),
    [items, columns, top, rowHeight, tileSize],
  );

  return (
    <Box
      ref={ref}
      role="list"
      aria-label="Media"
      position="relative"
      w="full"
      css={mediaTileStyles}
      data-selecting={selection.length > 0 || undefined}
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={roving.onFocus}
      onBlur={roving.onBlur}
      onKeyDown={(event) => {
        if (isHeldActivation(event)) event.preventDefault();
        else roving.onKeyDown(event);
      }}
      {...holdNewItems}
    >
      {rows.map((row) => {
        const start = row.index * columns;
        return (
          <div
            key={row.key}
            role="presentation"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              display: 'grid',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
              height: tileSize,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gap: TILE_GAP_PX,
            }}
          >
            {items.slice(start, start + columns).map((item, offset) => (
              <MediaTile
                key={item.id}
                item={item}
                index={start + offset}
                selectedNumber={numbers.get(item.id) ?? 0}
                tabbable={item.id === roving.tabbableId}
                onTileClick={onTileClick}
                onToggle={onToggle}
              />
            ))}
          </div>
        );
      })}
    </Box>
  );
}
