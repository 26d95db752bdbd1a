import type { GalleryFolder } from '@atelier/shared';
import { useEffect, useRef } from 'react';
import { gridKeyAction, isTypingTarget, type GridAction } from '../utils/key-actions';

/** The gallery's keys while no dialog is open (the lightbox and the folder manager have their own). */
export function useGridHotkeys(
  enabled: boolean,
  folders: readonly GalleryFolder[],
  selectedCount: number,
  onAction: (action: GridAction) => void,
): void {
  const latest = useRef({ folders, selectedCount, onAction });
  latest.current = { folders, selectedCount, onAction };

  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      const { folders: list, selectedCount: count, onAction: act } = latest.current;
      const action = gridKeyAction(event, list, count);
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
