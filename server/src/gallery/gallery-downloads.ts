import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { SessionValidator } from '../auth/session-validator.js';
import type { SessionSubject } from '../auth/token.js';
import { NotFoundError } from '../common/app-errors.js';
import { RUNTIME, type Runtime } from '../common/runtime.js';
import { servableMediaFile } from '../media/media-files.js';
import { REDIS } from '../redis/redis.module.js';
import { GalleryRepository } from './gallery.repository.js';
import { GalleryService } from './gallery.service.js';
import { zipEntryName, type ZipEntry } from './gallery-zip.js';

/** How long a download address works: long enough to press Save in a browser's dialog. */
export const DOWNLOAD_TTL_S = 600;
export const DOWNLOAD_EXPIRED =
  'This download link has expired or does not exist. Select the items and download again.';
export const DOWNLOAD_NOTHING_LEFT = 'None of the selected items exist any more';

/** 32 random bytes, base64url: the token is the only credential of the address. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

interface Grant {
  userId: number;
  ids: number[];
  /** The password the granting session began under: the address ends with that session. */
  pwd: number;
}

/**
 * A bulk download is asked for with the bearer token, then fetched by a plain navigation that can
 * carry none (so the browser streams it to disk): the POST leaves the user and ids in Redis under a
 * random token, which the GET then redeems while it lasts and while the session it was asked in
 * would still be let in.
 */
@Injectable()
export class GalleryDownloads {
  private readonly keyPrefix: string;

  constructor(
    private readonly service: GalleryService,
    private readonly gallery: GalleryRepository,
    private readonly sessions: SessionValidator,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {
    this.keyPrefix = `${runtime.config.redis.keyPrefix}:gallery-download:`;
  }

  async grant(session: SessionSubject, ids: number[]): Promise<string> {
    await this.service.assertOwned(session.userId, ids);
    const token = randomBytes(32).toString('base64url');
    const grant: Grant = { userId: session.userId, ids, pwd: session.pwd };
    // no longer than the session's own token either (at least a millisecond: Redis takes no less)
    const ttlMs = Math.max(1, Math.min(DOWNLOAD_TTL_S * 1000, session.exp * 1000 - Date.now()));
    await this.redis.set(this.keyPrefix + token, JSON.stringify(grant), 'PX', ttlMs);
    return token;
  }

  /**
   * The files to send, named for the zip. Items deleted since, or whose file is gone, are left
   * out; archived ones are still the user's and are sent.
   */
  async entries(token: string): Promise<ZipEntry[]> {
    const stored = TOKEN.test(token) ? await this.redis.get(this.keyPrefix + token) : null;
    const grant = stored ? (JSON.parse(stored) as Grant) : null;
    // a user deleted or given a new password since: their sessions have ended, and so has this
    if (!grant || !(await this.sessions.current(grant))) throw new NotFoundError(DOWNLOAD_EXPIRED);
    const rows = await this.gallery.downloadRows(grant.userId, grant.ids);
    const { dataDir } = this.runtime.config;
    const entries: ZipEntry[] = [];
    for (const row of rows) {
      const file = await servableMediaFile(dataDir, `media/${row.file_path}`);
      const stats = file ? await stat(file).catch(() => null) : null;
      if (!file || !stats?.isFile()) continue;
      entries.push({ file, name: zipEntryName(row.job_name, row.id, path.extname(row.file_path)), date: stats.mtime });
    }
    if (!entries.length) throw new NotFoundError(DOWNLOAD_NOTHING_LEFT);
    return entries;
  }
}
