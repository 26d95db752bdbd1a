/** Selected item ids in the order they were picked: a tile shows its position as its number. */
export type Selection = readonly number[];

export function toggleSelected(selection: Selection, id: number): Selection {
  return selection.includes(id) ? selection.filter((selected) => selected !== id) : [...selection, id];
}

export interface TileClick {
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * SPEC section 2, Selection: Ctrl/Cmd-click toggles; a plain click toggles while anything is
 * selected; otherwise a plain click opens the lightbox.
 */
export function tileClickAction(selection: Selection, click: TileClick): 'toggle' | 'open' {
  if (click.ctrlKey || click.metaKey) return 'toggle';
  return selection.length > 0 ? 'toggle' : 'open';
}

/** Ctrl+A: everything loaded, keeping the picking order of what was already selected. */
export function selectAll(selection: Selection, loadedIds: readonly number[]): Selection {
  const picked = new Set(selection);
  return [...selection, ...loadedIds.filter((id) => !picked.has(id))];
}

/** Items gone from the view (archived, moved away) leave the selection too. */
export function keepLoaded(selection: Selection, loadedIds: ReadonlySet<number>): Selection {
  const kept = selection.filter((id) => loadedIds.has(id));
  return kept.length === selection.length ? selection : kept;
}
