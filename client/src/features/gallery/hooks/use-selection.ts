import { useState } from 'react';
import { keepLoaded, selectAll, toggleSelected, type Selection } from '../utils/selection';

/** The view's multi-selection; ids that leave the loaded list leave it too. */
export function useSelection(loadedIds: readonly number[]) {
  const [picked, setPicked] = useState<Selection>([]);
  const selection = keepLoaded(picked, new Set(loadedIds));
  return {
    selection,
    toggle: (id: number) => setPicked(toggleSelected(selection, id)),
    selectAll: () => setPicked(selectAll(selection, loadedIds)),
    clear: () => setPicked([]),
  };
}
