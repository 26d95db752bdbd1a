import { copyFile, mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { isVideoPath } from '@atelier/shared';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import type { ProducedFile } from '../generation/providers/generation-provider.js';
import { createThumbnail } from '../media/media-processing.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/x-matroska': 'mkv',
  'video/x-msvideo': 'avi',
  'video/x-flv': 'flv',
  'video/x-ms-wmv': 'wmv',
  'video/x-m4v': 'm4v',
};

export interface StoredOutput {
  outputIndex: number;
  /** Relative to `<DATA_DIR>/media`. */
  filePath: string;
  thumbnailPath: string | null;
  mediaType: 'image' | 'video';
  contentType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
}

function extensionOf(file: ProducedFile): string {
  const fromType = EXTENSIONS[file.contentType.split(';')[0]!.trim().toLowerCase()];
  if (fromType) return fromType;
  const fromName = path.extname(file.path).slice(1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(fromName) ? fromName : 'bin';
}

/** Moves a provider's files into media storage with a WebP thumbnail (or video poster) each. */
@Injectable()
export class MediaStore {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /**
   * Names are fixed by (job, batch index, output index), so an item produced again after a crash
   * overwrites its own files and never adds new ones.
   */
  async store(userId: number, jobId: number, batchIndex: number, files: ProducedFile[]): Promise<StoredOutput[]> {
    const outputs: StoredOutput[] = [];
    for (const [outputIndex, file] of files.entries()) {
      const ext = extensionOf(file);
      const base = `${userId}/${jobId}`;
      const filePath = `${base}/${batchIndex}_${outputIndex}.${ext}`;
      const target = this.absolute(filePath);
      await mkdir(path.dirname(target), { recursive: true });
      await this.move(file.path, target);
      // SPEC section 9: a video is known by its file extension, as the client draws it, so the
      // folder counts agree with the tiles even for a video type outside the list
      const mediaType = isVideoPath(filePath) ? 'video' : 'image';
      const thumbnailPath = `${base}/thumbs/${batchIndex}_${outputIndex}.webp`;
      const thumbTarget = this.absolute(thumbnailPath);
      await mkdir(path.dirname(thumbTarget), { recursive: true });
      const size = await createThumbnail(target, file.contentType, thumbTarget).catch(() => null);
      outputs.push({
        outputIndex,
        filePath,
        thumbnailPath: size ? thumbnailPath : null,
        mediaType,
        contentType: file.contentType,
        sizeBytes: (await stat(target)).size,
        width: size?.width ?? null,
        height: size?.height ?? null,
      });
    }
    return outputs;
  }

  /** Removes a job's files, for a job that went while an item was being made (its rows are gone). */
  async removeJob(userId: number, jobId: number): Promise<void> {
    await rm(this.absolute(`${userId}/${jobId}`), { recursive: true, force: true });
    // the user's own folder goes too once empty (the user was deleted); if not empty, it stays
    await rmdir(this.absolute(String(userId))).catch(() => undefined);
  }

  private async move(from: string, to: string): Promise<void> {
    try {
      await rename(from, to);
    } catch {
      // another filesystem (the work dir is in the system temp folder)
      await copyFile(from, to);
      await rm(from, { force: true });
    }
  }

  private absolute(relative: string): string {
    return path.join(this.runtime.config.mediaDir, ...relative.split('/'));
  }
}
