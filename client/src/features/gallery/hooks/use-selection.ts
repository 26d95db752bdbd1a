import { useState } from 'react';
import { keepLoaded, selectAll, toggleSelected, type Selection } from '../utils/selection';

/**
 * The view's multi-selection; ids that leave the loaded list leave it too, and another view
 * (other filters, folder or status) starts with none: Delete or a folder key must not act on
 * items picked out of sight.
 */
export function useSelection(loadedIds: readonly number[], view: string) {
  const [picked, setPicked] = useState<{ view: string; ids: Selection }>({ view, ids: [] });
  // dropped, not hidden: coming back to the first view must not bring its old selection back
  if (picked.view !== view) setPicked({ view, ids: [] });
  const selection = picked.view === view ? keepLoaded(picked.ids, new Set(loadedIds)) : [];
  return {
    selection,
    toggle: (id: number) => setPicked({ view, ids: toggleSelected(selection, id) }),
    selectAll: () => setPicked({ view, ids: selectAll(selection, loadedIds) }),
    clear: () => setPicked({ view, ids: [] }),
    /** Unselects `ids` once an action on them is done, keeping what was picked while it ran. */
    drop: (ids: readonly number[]) => {
      const done = new Set(ids);
      setPicked((now) => ({ view: now.view, ids: now.ids.filter((id) => !done.has(id)) }));
    },
  };
}
