import { useRef, type PointerEvent } from 'react';
import { clampZoom } from '../utils/zoom';

/** A swipe is a mostly sideways move of at least this many pixels. */
const SWIPE_MIN_PX = 50;

interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The lightbox by touch, where there is no wheel or arrow key: a sideways swipe of an unzoomed
 * image goes to the next or previous one, and two fingers pinch the zoom within 0.5x-10x.
 * Mouse and pen pointers are left to the wheel and drag of useZoomPan.
 */
export function useTouchGestures({
  zoom,
  setZoom,
  onSwipe,
}: {
  zoom: number;
  setZoom: (zoom: number) => void;
  onSwipe: (direction: 'next' | 'previous') => void;
}) {
  const touches = useRef(new Map<number, Point>());
  const swipe = useRef<Point | null>(null);
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  const pinchPair = () => {
    const [a, b] = [...touches.current.values()];
    return a && b ? distance(a, b) : null;
  };

  return {
    /** True while two fingers are down: a one-finger pan must not fight the pinch. */
    pinching: () => pinch.current !== null,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType !== 'touch') return;
        touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
        if (touches.current.size === 1) {
          swipe.current = zoom <= 1 ? { x: event.clientX, y: event.clientY } : null;
        } else {
          swipe.current = null;
          const span = pinchPair();
          if (span) pinch.current = { distance: span, zoom };
        }
      },
      onPointerMove: (event: PointerEvent) => {
        if (!touches.current.has(event.pointerId)) return;
        touches.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
        const span = pinchPair();
        if (pinch.current && span) setZoom(clampZoom((pinch.current.zoom * span) / pinch.current.distance));
      },
      onPointerUp: (event: PointerEvent) => {
        if (!touches.current.delete(event.pointerId)) return;
        const start = swipe.current;
        swipe.current = null;
        if (touches.current.size < 2) pinch.current = null;
        if (!start) return;
        const dx = event.clientX - start.x;
        const dy = event.clientY - start.y;
        if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) onSwipe(dx < 0 ? 'next' : 'previous');
      },
      onPointerCancel: (event: PointerEvent) => {
        touches.current.delete(event.pointerId);
        swipe.current = null;
        if (touches.current.size < 2) pinch.current = null;
      },
    },
  };
}
