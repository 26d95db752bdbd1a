/** What the built-in renderer takes from a request's values (JSON-workflow names or slug override keys). */

export interface RenderSize {
  width: number;
  height: number;
}

export const DEFAULT_SIZE = 512;
export const MIN_SIZE = 16;
export const MAX_IMAGE_SIZE = 2048;
/** Videos are encoded in software on the worker, so they are kept small enough to stay quick. */
export const MAX_VIDEO_SIZE = 640;

/** `prompt`, else `override_prompt`, else the first string value, else empty. */
export function readPrompt(values: Record<string, unknown>): string {
  for (const key of ['prompt', 'override_prompt']) {
    const value = values[key];
    if (typeof value === 'string') return value;
  }
  return Object.values(values).find((value): value is string => typeof value === 'string') ?? '';
}

/** Image size: `width`/`height` or `override_width`/`override_height`, default 512, clamped to 16..2048. */
export function readImageSize(values: Record<string, unknown>): RenderSize {
  return {
    width: clamp(readDimension(values, 'width'), MIN_SIZE, MAX_IMAGE_SIZE),
    height: clamp(readDimension(values, 'height'), MIN_SIZE, MAX_IMAGE_SIZE),
  };
}

/**
 * Video size: the image size scaled down (aspect kept) so neither side passes 640, then made even
 * because H.264 and VP9 in yuv420p need even dimensions.
 */
export function readVideoSize(values: Record<string, unknown>): RenderSize {
  const { width, height } = readImageSize(values);
  const scale = Math.min(1, MAX_VIDEO_SIZE / Math.max(width, height));
  return { width: toEven(width * scale), height: toEven(height * scale) };
}

function readDimension(values: Record<string, unknown>, name: 'width' | 'height'): number {
  for (const key of [name, `override_${name}`]) {
    const parsed = toNumber(values[key]);
    if (parsed !== undefined) return Math.round(parsed);
  }
  return DEFAULT_SIZE;
}

/** Slug overrides may arrive as numeric strings; anything else non-numeric falls back to the default. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function toEven(value: number): number {
  return Math.max(MIN_SIZE, Math.round(value / 2) * 2);
}
