import type { GalleryItem } from '@atelier/shared';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { gridMove, type TilePart } from '../utils/grid-navigation';

interface RovingTiles {
  /** The one tile Tab stops at; every other tile's buttons are skipped by Tab. */
  tabbableId: number | undefined;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

function tileOf(target: EventTarget): { id: number; part: TilePart } | null {
  if (!(target instanceof HTMLElement)) return null;
  const tile = target.closest<HTMLElement>('[data-item-id]');
  if (!tile) return null;
  return { id: Number(tile.dataset.itemId), part: target.classList.contains('media-tile-select') ? 'select' : 'open' };
}

/**
 * The grid is one Tab stop (two: a tile and its Select box) and the arrow keys move between tiles,
 * so the bulk bar after the grid is a few Tab presses away rather than two per loaded item. The tile
 * that takes Tab is the last one focused, or the first drawn when that one has scrolled out of the
 * DOM. A move to a row not drawn yet scrolls to it first and focuses it once it is drawn.
 */
export function useRovingTiles(
  gridRef: RefObject<HTMLElement | null>,
  items: readonly GalleryItem[],
  columns: number,
  drawn: { first: number; last: number },
  scrollToRow: (row: number) => void,
): RovingTiles {
  const [activeId, setActiveId] = useState<number | null>(null);
  const pending = useRef<{ id: number; part: TilePart } | null>(null);
  const indexOf = useMemo(() => new Map(items.map((item, index) => [item.id, index])), [items]);
  /** Where the active tile was, and which of its buttons had focus: for its successor when it leaves. */
  const last = useRef<{ index: number; part: TilePart } | null>(null);

  // kept up to date as items arrive above it; once it has gone, the index it last had stays
  useEffect(() => {
    const index = activeId === null ? undefined : indexOf.get(activeId);
    if (index !== undefined && last.current) last.current.index = index;
  });

  /** Focus is on a tile, or went with one (blur left the grid for nothing, the tile being gone). */
  const hadFocus = useRef(false);

  // Focus that went with its tile comes back: the tile was drawn again in another row (items
  // arrived above it) or left the view (moved to a folder or archived by key), when the one now in
  // its place takes over, so sorting by keys goes on from there.
  useEffect(() => {
    const focused = document.activeElement;
    if (!hadFocus.current || pending.current || (focused !== null && focused !== document.body)) return;
    const stays = activeId !== null && indexOf.has(activeId);
    const id = stays ? activeId : items[Math.min(last.current?.index ?? 0, items.length - 1)]?.id;
    if (id === undefined) return;
    if (!stays) setActiveId(id);
    pending.current = { id, part: last.current?.part ?? 'open' };
  });

  useEffect(() => {
    const want = pending.current;
    if (!want) return;
    const focused = document.activeElement;
    // the user has gone elsewhere meanwhile (a field, a button): that focus stays
    if (focused && focused !== document.body && !gridRef.current?.contains(focused)) {
      pending.current = null;
      return;
    }
    const button = gridRef.current?.querySelector<HTMLElement>(`[data-item-id="${want.id}"] .media-tile-${want.part}`);
    if (!button) return;
    pending.current = null;
    button.focus({ preventScroll: true });
  });

  const activeIndex = activeId === null ? undefined : indexOf.get(activeId);
  const tabbableIndex =
    activeIndex !== undefined && activeIndex >= drawn.first && activeIndex <= drawn.last ? activeIndex : drawn.first;

  return {
    tabbableId: items[tabbableIndex]?.id,
    onFocus: (event) => {
      const tile = tileOf(event.target);
      if (!tile) return;
      hadFocus.current = true;
      setActiveId(tile.id);
      last.current = { index: indexOf.get(tile.id) ?? 0, part: tile.part };
    },
    onBlur: (event) => {
      const to = event.relatedTarget;
      if (to instanceof Node) {
        hadFocus.current = gridRef.current?.contains(to) ?? false;
        return;
      }
      // to nowhere: a click on the page or another window (the tile is still there), or its tile was removed
      const from = event.target;
      setTimeout(() => {
        if (from.isConnected) hadFocus.current = false;
      }, 0);
    },
    onKeyDown: (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
      const tile = tileOf(event.target);
      const index = tile ? indexOf.get(tile.id) : undefined;
      if (!tile || index === undefined) return;
      const next = gridMove(event.key, index, items.length, columns);
      const id = next === null ? undefined : items[next]?.id;
      if (next === null || id === undefined) return;
      event.preventDefault();
      pending.current = { id, part: tile.part };
      setActiveId(id);
      scrollToRow(Math.floor(next / columns));
    },
  };
}
