import { Box } from '@chakra-ui/react';
import type { GalleryItem } from '@atelier/shared';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { TILE_GAP_PX, useGridLayout } from '../hooks/use-grid-columns';
import type { Selection } from '../utils/selection';
import { MediaTile } from './media-tile';
import { mediaTileStyles } from './media-tile-styles';

interface MediaGridProps {
  items: readonly GalleryItem[];
  selection: Selection;
  onTileClick: (item: GalleryItem, index: number, event: MouseEvent) => void;
  onToggle: (id: number) => void;
}

/** Rows drawn beyond the window on each side, so a fast scroll does not show blanks. */
const OVERSCAN_ROWS = 3;

/**
 * The media, a row of square tiles at a time. Only the rows near the window exist in the DOM, so
 * ten thousand loaded items cost what a screenful does (SPEC section 9 asks the grid to scale).
 */
export function MediaGrid({ items, selection, onTileClick, onToggle }: MediaGridProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { columns, tileSize, top } = useGridLayout(ref);
  const rowHeight = tileSize + TILE_GAP_PX;
  const rowCount = Math.ceil(items.length / columns);
  const numbers = useMemo(() => new Map(selection.map((id, i) => [id, i + 1])), [selection]);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

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
    >
      {virtualizer.getVirtualItems().map((row) => {
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
