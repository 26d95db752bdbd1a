import { LIGHTBOX_ZOOM_IN_STEP, LIGHTBOX_ZOOM_MAX, LIGHTBOX_ZOOM_MIN, LIGHTBOX_ZOOM_OUT_STEP } from '@atelier/shared';

export function clampZoom(zoom: number): number {
  return Math.min(LIGHTBOX_ZOOM_MAX, Math.max(LIGHTBOX_ZOOM_MIN, zoom));
}

/** SPEC section 9: one wheel notch multiplies the zoom by 1.1 (up, in) or 0.9 (down, out), within 0.5x-10x. */
export function zoomAfterWheel(zoom: number, deltaY: number): number {
  if (deltaY === 0) return zoom;
  return clampZoom(zoom * (deltaY < 0 ? LIGHTBOX_ZOOM_IN_STEP : LIGHTBOX_ZOOM_OUT_STEP));
}

export function formatZoom(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}
