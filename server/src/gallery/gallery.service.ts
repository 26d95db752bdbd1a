import { Injectable } from '@nestjs/common';
import type { GalleryFilterQuery, GalleryFolder, GalleryItem, GalleryListQuery, SessionUser } from '@atelier/shared';
import { BadRequestError, NotFoundError } from '../common/app-errors.js';
import { MediaUrlSigner } from '../media/media-url-signer.js';
import { decodeCursor, encodeCursor, GalleryWhere } from './gallery-filter.js';
import { signedMediaUrl } from './gallery-item.mapper.js';
import { GalleryRepository, type GalleryRow } from './gallery.repository.js';

/** Thumbnails shown on a folder tile. */
export const FOLDER_PREVIEWS = 4;
export const ITEM_NOT_FOUND = 'Gallery item not found';

@Injectable()
export class GalleryService {
  constructor(
    private readonly gallery: GalleryRepository,
    private readonly signer: MediaUrlSigner,
  ) {}

  private where(user: SessionUser, q: GalleryFilterQuery & { folder?: string }): GalleryWhere {
    return new GalleryWhere(user.id, q.status).folder(q.folder, user.id).filters(q);
  }

  /** A page, newest first; `nextCursor` continues after its last item when the page was full. */
  async list(user: SessionUser, q: GalleryListQuery): Promise<{ items: GalleryItem[]; nextCursor: string | null }> {
    const where = this.where(user, q);
    let offset = q.offset;
    if (q.cursor !== undefined) {
      const cursor = decodeCursor(q.cursor);
      if (!cursor) throw new BadRequestError('Invalid cursor');
      where.after(cursor);
      offset = 0;
    }
    const rows = await this.gallery.page(where, q.limit, offset);
    const last = rows.at(-1);
    return {
      items: rows.map((r) => this.toItem(r)),
      nextCursor: last && rows.length === q.limit ? encodeCursor({ createdAt: last.created_key, id: last.id }) : null,
    };
  }

  count(user: SessionUser, q: GalleryFilterQuery & { folder?: string }): Promise<number> {
    return this.gallery.count(this.where(user, q));
  }

  async folders(user: SessionUser, q: GalleryFilterQuery): Promise<GalleryFolder[]> {
    const rows = await this.gallery.folderSummaries(
      user.id,
      this.where(user, { ...q, folder: undefined, job_id: undefined, search: undefined }),
      FOLDER_PREVIEWS,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      color: r.color,
      hotkey: r.hotkey,
      image_count: r.image_count,
      video_count: r.video_count,
      preview_images: (r.previews ?? []).map((p) => signedMediaUrl(this.signer, p)),
    }));
  }

  async setArchived(user: SessionUser, ids: number[], archived: boolean): Promise<number> {
    const set = archived ? `status = 'archived', archived_at = now()` : `status = 'active', archived_at = NULL`;
    return this.applyToOwned(user, ids, set, []);
  }

  /** '' or null un-folders; a name must be one of the caller's folders. */
  async moveToFolder(user: SessionUser, ids: number[], folderPath: string): Promise<number> {
    return this.gallery.transaction(async (m) => {
      let folderId: number | null = null;
      if (folderPath !== '') {
        folderId = await this.gallery.folderIdByName(user.id, folderPath, m);
        if (folderId === null) {
          // another user's item answers 404 whatever else is wrong with the request
          this.throwIfMissing(ids, await this.gallery.missingOwned(user.id, ids, m));
          throw new BadRequestError(`Unknown folder: ${folderPath}`);
        }
      }
      return this.applyToOwned(user, ids, 'folder_id = $1', [folderId], m);
    });
  }

  async setTags(user: SessionUser, id: number, tags: string[]): Promise<GalleryItem> {
    await this.applyToOwned(user, [id], 'user_tags = $1::text[]', [tags]);
    return this.item(user, id);
  }

  async item(user: SessionUser, id: number): Promise<GalleryItem> {
    const row = await this.gallery.findOwnedRow(user.id, id);
    if (!row) throw new NotFoundError(ITEM_NOT_FOUND);
    return this.toItem(row);
  }

  private async applyToOwned(
    user: SessionUser,
    ids: number[],
    set: string,
    params: unknown[],
    m?: Parameters<GalleryRepository['updateOwned']>[4],
  ): Promise<number> {
    const { updated, missing } = await this.gallery.updateOwned(user.id, ids, set, params, m);
    this.throwIfMissing(ids, missing);
    return updated;
  }

  /** All the ids must be the caller's items: one that is not answers 404, as the bulk changes do. */
  async assertOwned(userId: number, ids: number[]): Promise<void> {
    this.throwIfMissing(ids, await this.gallery.missingOwned(userId, ids));
  }

  private throwIfMissing(ids: number[], missing: number[]): void {
    if (!missing.length) return;
    throw new NotFoundError(
      ids.length === 1 ? ITEM_NOT_FOUND : `Gallery items not found: ${missing.join(', ')}; nothing was changed`,
    );
  }

  private toItem(r: GalleryRow): GalleryItem {
    return {
      id: r.id,
      job_id: r.job_id,
      job_name: r.job_name,
      workflow_name: r.workflow_name,
      file_path: signedMediaUrl(this.signer, r.file_path),
      thumbnail_path: r.thumbnail_path ? signedMediaUrl(this.signer, r.thumbnail_path) : null,
      folder_path: r.folder_name,
      seed_used: r.seed_used === null ? null : Number(r.seed_used),
      user_tags: r.user_tags,
      status: r.status,
      created_at: r.created_at,
    };
  }
}
