import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { resolveMediaPath } from '../media/media-files.js';

/** Enough to keep the disk busy without opening thousands of files at once. */
const PARALLEL_REMOVALS = 16;

/** Removes gallery media files (paths relative to `<DATA_DIR>/media`) after their rows are gone. */
@Injectable()
export class MediaFileCleanup {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A missing file is fine; a path that would leave the media folder is skipped and logged. */
  async removeAll(relativePaths: string[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < relativePaths.length) {
        const relativePath = relativePaths[next++]!;
        await this.remove(relativePath);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_REMOVALS, relativePaths.length) }, worker));
    await this.removeEmptyFolders(relativePaths);
  }

  /**
   * The folders those files were in (`<user>/<job>/thumbs`, `<user>/<job>`, `<user>`), deepest
   * first, each only if nothing is left in it: a job still writing keeps its folder.
   */
  private async removeEmptyFolders(relativePaths: string[]): Promise<void> {
    const folders = new Set<string>();
    for (const relativePath of relativePaths) {
      for (let dir = path.posix.dirname(relativePath); dir !== '.' && dir !== '/'; dir = path.posix.dirname(dir))
        folders.add(dir);
    }
    const deepestFirst = [...folders].sort((a, b) => b.split('/').length - a.split('/').length);
    for (const folder of deepestFirst) {
      const dir = resolveMediaPath(this.runtime.config.dataDir, `media/${folder}`);
      // not empty, or gone already: either way nothing to do
      if (dir) await rmdir(dir).catch(() => undefined);
    }
  }

  private async remove(relativePath: string): Promise<void> {
    const file = resolveMediaPath(this.runtime.config.dataDir, `media/${relativePath}`);
    if (!file) {
      this.logger.warn({ relativePath }, 'media path outside the media folder; not removed');
      return;
    }
    try {
      await rm(file, { force: true });
    } catch (err) {
      this.logger.warn({ err, relativePath }, 'could not remove media file');
    }
  }
}
