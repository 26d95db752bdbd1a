import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';

export const TILE_MIN_PX = 180;
export const TILE_GAP_PX = 12;

/** Columns that fit a width: tiles at least 180 px wide, never fewer than 2 (a phone shows 2). */
export function columnsFor(width: number): number {
  return Math.max(2, Math.floor((width + TILE_GAP_PX) / (TILE_MIN_PX + TILE_GAP_PX)));
}

/**
 * The grid's width, its column count, and its distance from the top of the document (where the
 * window's scroll starts counting for it), kept up to date as the page around it changes.
 */
export function useGridLayout(ref: RefObject<HTMLElement | null>) {
  const [layout, setLayout] = useState({ width: 0, top: 0 });

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const next = { width: Math.round(rect.width), top: Math.round(rect.top + window.scrollY) };
    setLayout((prev) => (prev.width === next.width && prev.top === next.top ? prev : next));
  }, [ref]);

  // What sits above the grid (tiles, alerts) can move it on any render; its width changes on resize.
  useLayoutEffect(measure);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, measure]);

  // jsdom lays nothing out: assume a desktop-sized grid there.
  const width = layout.width || 1024;
  const columns = columnsFor(width);
  const tileSize = (width - TILE_GAP_PX * (columns - 1)) / columns;
  return { columns, tileSize, top: layout.top };
}
