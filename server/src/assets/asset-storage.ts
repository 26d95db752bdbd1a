import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { ASSET_MESSAGES } from '@atelier/shared';
import { BadRequestError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { imageFormatOf, type ImageFormat } from './image-signature.js';

const EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp', gif: 'gif' };
const MIME_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
const THUMBNAIL_SIZE = 320;

export interface InspectedImage {
  sha256: string;
  /** `<sha256>.<ext>`, the file name under `<DATA_DIR>/assets`. */
  filename: string;
  mimeType: string;
  thumbnail: Buffer;
}

/** Paths relative to DATA_DIR, as the media URL signer takes them. */
export function assetPath(filename: string): string {
  return `assets/${filename}`;
}
export function thumbnailPath(sha256: string): string {
  return `assets/thumbs/${sha256}.webp`;
}

/**
 * Uploaded images on disk, stored by content hash so the same image is kept once. The type is
 * read from the bytes, by their signature and again by the decoder: a file's name and declared
 * type are never trusted.
 */
@Injectable()
export class AssetStorage {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /**
   * Decodes the image fully (making its thumbnail), so a truncated or disguised file is refused
   * here. A file whose signature and decoded format disagree is a polyglot and is refused too.
   */
  async inspect(bytes: Buffer): Promise<InspectedImage> {
    try {
      const format = await imageFormatOf(bytes);
      if (!format || (await sharp(bytes).metadata()).format !== format)
        throw new BadRequestError(ASSET_MESSAGES.notAnImage);
      const thumbnail = await sharp(bytes)
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return { sha256, filename: `${sha256}.${EXTENSIONS[format]}`, mimeType: MIME_TYPES[format], thumbnail };
    } catch (error) {
      if (error instanceof BadRequestError) throw error;
      throw new BadRequestError(ASSET_MESSAGES.notAnImage);
    }
  }

  async save(image: InspectedImage, bytes: Buffer): Promise<void> {
    await this.writeOnce(assetPath(image.filename), bytes);
    await this.writeOnce(thumbnailPath(image.sha256), image.thumbnail);
  }

  /** Missing files are fine: the row is what matters. */
  async remove(filename: string, sha256: string): Promise<void> {
    await rm(this.absolute(assetPath(filename)), { force: true });
    await rm(this.absolute(thumbnailPath(sha256)), { force: true });
  }

  /** Written to a temporary name and renamed, so a reader never sees half a file. */
  private async writeOnce(relativePath: string, bytes: Buffer): Promise<void> {
    const target = this.absolute(relativePath);
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      return;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  private absolute(relativePath: string): string {
    return path.join(this.runtime.config.dataDir, ...relativePath.split('/'));
  }
}
