import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { holdNewItems } from '../api/gallery-cache';

/**
 * Pointer handlers for the media grid: new items wait while the pointer is over it (see
 * holdNewItems) and go on top when it leaves, or when the grid goes away.
 */
export function useHoldNewItems() {
  const queryClient = useQueryClient();
  const release = useRef<(() => void) | null>(null);
  const letGo = () => {
    release.current?.();
    release.current = null;
  };
  useEffect(() => letGo, []);
  return {
    onPointerEnter: () => {
      release.current ??= holdNewItems(queryClient);
    },
    onPointerLeave: letGo,
  };
}
