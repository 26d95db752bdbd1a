import { useCallback, useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { zoomAfterWheel } from '../utils/zoom';

interface View {
  zoom: number;
  x: number;
  y: number;
}

const RESET: View = { zoom: 1, x: 0, y: 0 };

/**
 * The lightbox's wheel zoom (0.5x-10x, SPEC section 9) and drag-to-pan once zoomed in. The wheel
 * listener is not passive, so zooming never scrolls what lies behind the lightbox.
 */
export function useZoomPan(stage: RefObject<HTMLElement | null>, resetKey: unknown) {
  const [view, setView] = useState<View>(RESET);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const reset = useCallback(() => setView(RESET), []);
  const setZoom = useCallback(
    (zoom: number) => setView((v) => (zoom <= 1 ? { zoom, x: 0, y: 0 } : { ...v, zoom })),
    [],
  );

  // Another image starts unzoomed.
  const [shownKey, setShownKey] = useState(resetKey);
  if (shownKey !== resetKey) {
    setShownKey(resetKey);
    setView(RESET);
  }

  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((v) => {
        const zoom = zoomAfterWheel(v.zoom, event.deltaY);
        return zoom <= 1 ? { zoom, x: 0, y: 0 } : { ...v, zoom };
      });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [stage]);

  const panHandlers = {
    onPointerDown: (event: PointerEvent) => {
      if (view.zoom <= 1) return;
      drag.current = { x: event.clientX - view.x, y: event.clientY - view.y };
      (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent) => {
      const start = drag.current;
      if (!start) return;
      setView((v) => ({ ...v, x: event.clientX - start.x, y: event.clientY - start.y }));
    },
    onPointerUp: () => {
      drag.current = null;
    },
  };

  return { ...view, reset, setZoom, panHandlers, panning: view.zoom > 1 };
}
