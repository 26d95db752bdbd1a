import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { folderIdSql, type GalleryWhere } from './gallery-filter.js';

/** A gallery row as the list query returns it. */
export interface GalleryRow {
  id: number;
  job_id: number;
  job_name: string;
  workflow_name: string;
  file_path: string;
  thumbnail_path: string | null;
  folder_name: string | null;
  seed_used: string | null;
  user_tags: string[];
  status: 'active' | 'archived';
  /** ISO 8601 in UTC with milliseconds, as Date#toISOString prints it: made by PostgreSQL, not parsed into a Date and printed again. */
  created_at: string;
  created_key: string;
}

export interface FolderSummaryRow {
  id: number;
  name: string;
  color: string;
  hotkey: string | null;
  image_count: number;
  video_count: number;
  previews: string[] | null;
}

const ISO_CREATED_AT = `to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ROW_COLUMNS = `g.id, g.job_id, g.job_name, g.workflow_name, g.file_path, g.thumbnail_path, f.name AS folder_name,
  g.seed_used, g.user_tags, g.status, ${ISO_CREATED_AT} AS created_at, g.created_at::text AS created_key`;

/** The count of a filter that only names owner, status and folder, read from gallery_counts. */
function countersQuery(where: GalleryWhere): [string, unknown[]] {
  const params: unknown[] = [where.userId, where.status];
  let folder = '';
  if (where.folderName === '') folder = 'AND c.folder_id = 0';
  else if (where.folderName !== undefined) {
    params.push(where.folderName);
    folder = `AND c.folder_id = ${folderIdSql('$1', '$3')}`;
  }
  return [
    `SELECT coalesce(sum(c.n), 0)::int AS n FROM gallery_counts c WHERE c.user_id = $1 AND c.status = $2 ${folder}`,
    params,
  ];
}

@Injectable()
export class GalleryRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Newest first. The page's ids are found first from the index alone (a deferred join), then only
   * those rows are read: an offset deep in the list skips index entries, not table rows.
   */
  async page(where: GalleryWhere, limit: number, offset: number): Promise<GalleryRow[]> {
    const l = where.param(limit);
    const o = where.param(offset);
    return this.db.query(
      `SELECT ${ROW_COLUMNS}
         FROM (SELECT g.id FROM gallery_items g WHERE ${where.sql()}
               ORDER BY g.created_at DESC, g.id DESC LIMIT ${l} OFFSET ${o}) page
         JOIN gallery_items g ON g.id = page.id
         LEFT JOIN folders f ON f.id = g.folder_id
        ORDER BY g.created_at DESC, g.id DESC`,
      where.params,
    );
  }

  async count(where: GalleryWhere): Promise<number> {
    const rows: Array<{ n: number }> = where.countable
      ? await this.db.query(...countersQuery(where))
      : await this.db.query(`SELECT count(*)::int AS n FROM gallery_items g WHERE ${where.sql()}`, where.params);
    return rows[0]?.n ?? 0;
  }

  /**
   * Every folder of the user with its image and video counts and newest thumbnails under the
   * filters. The counts come from gallery_counts when the filters allow (status only).
   */
  async folderSummaries(userId: number, where: GalleryWhere, previews: number): Promise<FolderSummaryRow[]> {
    const owner = where.param(userId);
    const max = where.param(previews);
    const counts = where.countable
      ? `LEFT JOIN LATERAL (SELECT sum(c.n) FILTER (WHERE c.media_type = 'image') AS image_count,
                                  sum(c.n) FILTER (WHERE c.media_type = 'video') AS video_count
                             FROM gallery_counts c
                            WHERE c.user_id = f.user_id AND c.folder_id = f.id AND c.status = ${where.param(where.status)}) c
           ON true`
      : `LEFT JOIN (SELECT g.folder_id,
                           count(*) FILTER (WHERE g.media_type = 'image') AS image_count,
                           count(*) FILTER (WHERE g.media_type = 'video') AS video_count
                      FROM gallery_items g WHERE ${where.sql()} AND g.folder_id IS NOT NULL
                     GROUP BY g.folder_id) c ON c.folder_id = f.id`;
    return this.db.query(
      `SELECT f.id, f.name, f.color, f.hotkey,
              coalesce(c.image_count, 0)::int AS image_count, coalesce(c.video_count, 0)::int AS video_count, p.previews
         FROM folders f
         ${counts}
         LEFT JOIN LATERAL (SELECT array_agg(t.thumbnail_path) AS previews FROM (
                      SELECT g.thumbnail_path FROM gallery_items g
                       WHERE ${where.sql()} AND g.folder_id = f.id AND g.thumbnail_path IS NOT NULL
                       ORDER BY g.created_at DESC, g.id DESC LIMIT ${max}) t) p ON true
        WHERE f.user_id = ${owner}
        ORDER BY lower(f.name)`,
      where.params,
    );
  }

  /**
   * The user's folder of that name (case-insensitive), or null. Called in a transaction, it holds
   * the folder (KEY SHARE) until the end, so a delete waits for the items moved into it; a folder
   * deleted first is not found.
   */
  async folderIdByName(userId: number, name: string, m: EntityManager): Promise<number | null> {
    const rows: Array<{ id: number | null }> = await m.query(
      `SELECT ${folderIdSql('$1', '$2', 'FOR KEY SHARE')} AS id`,
      [userId, name],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Changes the given items of this user, all or none: if any id is not theirs (or does not
   * exist), nothing is written and the missing ids are returned.
   */
  async updateOwned(
    userId: number,
    ids: number[],
    set: string,
    setParams: unknown[],
    m?: EntityManager,
  ): Promise<{ updated: number; missing: number[] }> {
    const run = async (tx: EntityManager) => {
      const missing = await this.missingOwned(userId, ids, tx, 'FOR UPDATE');
      if (missing.length) return { updated: 0, missing };
      const shifted = set.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + 2}`);
      await tx.query(`UPDATE gallery_items SET ${shifted} WHERE id = ANY($1) AND user_id = $2`, [
        ids,
        userId,
        ...setParams,
      ]);
      return { updated: ids.length, missing: [] };
    };
    return m ? run(m) : this.db.transaction(run);
  }

  /** The ids that are not this user's items (or no items at all). */
  async missingOwned(
    userId: number,
    ids: number[],
    m?: EntityManager,
    lock: '' | 'FOR UPDATE' = '',
  ): Promise<number[]> {
    const owned: Array<{ id: number }> = await (m ?? this.db).query(
      // locked in id order, so two bulk calls over overlapping items queue instead of deadlocking
      `SELECT id FROM gallery_items WHERE id = ANY($1) AND user_id = $2 ${lock ? `ORDER BY id ${lock}` : ''}`,
      [ids, userId],
    );
    const found = new Set(owned.map((r) => r.id));
    return ids.filter((id) => !found.has(id));
  }

  /** What a download of these items needs, in the order the ids were given; items gone since are left out. */
  async downloadRows(
    userId: number,
    ids: number[],
  ): Promise<Array<{ id: number; job_name: string; file_path: string }>> {
    return this.db.query(
      `SELECT g.id, g.job_name, g.file_path
         FROM unnest($1::int[]) WITH ORDINALITY AS wanted(id, n)
         JOIN gallery_items g ON g.id = wanted.id AND g.user_id = $2
        ORDER BY wanted.n`,
      [ids, userId],
    );
  }

  async findOwnedRow(userId: number, id: number): Promise<GalleryRow | null> {
    const rows: GalleryRow[] = await this.db.query(
      `SELECT ${ROW_COLUMNS} FROM gallery_items g LEFT JOIN folders f ON f.id = g.folder_id WHERE g.id = $1 AND g.user_id = $2`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
