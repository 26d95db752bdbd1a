import { fileTypeFromBuffer } from 'file-type';
import type { ASSET_IMAGE_FORMATS } from '@atelier/shared';

export type ImageFormat = (typeof ASSET_IMAGE_FORMATS)[number];

/** An animated PNG is a PNG to every decoder that reads it. */
const FORMAT_BY_MIME: Record<string, ImageFormat> = {
  'image/png': 'png',
  'image/apng': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * The accepted image format the file's signature (magic bytes) names, or null. Checked before any
 * decoder runs, so only the PNG, JPEG, WebP and GIF decoders ever see uploaded bytes: text, HTML,
 * SVG, PDF or TIFF never reach librsvg, poppler or the other loaders libvips would pick by content.
 */
export async function imageFormatOf(bytes: Buffer): Promise<ImageFormat | null> {
  const detected = await fileTypeFromBuffer(bytes);
  return (detected && FORMAT_BY_MIME[detected.mime]) ?? null;
}
