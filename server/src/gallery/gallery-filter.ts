import { MAX_ID, isCalendarDay, type GalleryFilterQuery } from '@atelier/shared';
import { containsPattern } from '../common/sql-like.js';

/** The filters an item list, its count and the folder tiles share. */
type ItemFilters = Pick<
  GalleryFilterQuery,
  'job_id' | 'job_name' | 'workflow' | 'search' | 'dateFrom' | 'dateTo' | 'tz' | 'tz_to'
>;

/**
 * The id of the user's folder of that name, regardless of case (a subquery; NULL when none), the
 * folder row locked with `lock` when given.
 */
export function folderIdSql(ownerParam: string, nameParam: string, lock: '' | 'FOR KEY SHARE' = ''): string {
  return `(SELECT f.id FROM folders f WHERE f.user_id = ${ownerParam} AND lower(f.name) = lower(${nameParam}) ${lock})`;
}

export interface KeysetCursor {
  /** created_at as PostgreSQL prints it (microseconds kept, unlike a JS Date). */
  createdAt: string;
  id: number;
}

/** The first instant of a local day, given the client's getTimezoneOffset() in minutes. */
export function localDayStart(day: string, tzOffsetMinutes: number, plusDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = new Date(0);
  // not Date.UTC, which reads years 0-99 as 1900-1999
  start.setUTCFullYear(y, m - 1, d + plusDays);
  return new Date(start.getTime() + tzOffsetMinutes * 60_000);
}

/**
 * Collects SQL conditions on gallery_items (alias `g`) with positional parameters. Every query
 * starts from the owner and status, so the (user_id, status, [folder_id,] created_at, id) indexes
 * serve it.
 */
export class GalleryWhere {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];
  /** The folder filter as given: undefined = every item, '' = ungrouped, else a folder name. */
  folderName: string | undefined;
  private narrowed = false;

  constructor(
    readonly userId: number,
    readonly status: string,
  ) {
    this.add(`g.user_id = ${this.param(userId)}`);
    this.add(`g.status = ${this.param(status)}`);
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** folder: undefined = every item, '' = ungrouped, else the caller's folder of that name. */
  folder(folder: string | undefined, userId: number): this {
    if (folder === undefined) return this;
    this.folderName = folder.trim();
    if (folder.trim() === '') return this.add('g.folder_id IS NULL');
    return this.add(`g.folder_id = ${folderIdSql(this.param(userId), this.param(folder.trim()))}`);
  }

  filters(f: ItemFilters): this {
    const before = this.conditions.length;
    this.addFilterConditions(f);
    if (this.conditions.length > before) this.narrowed = true;
    return this;
  }

  /** True when only owner, status and folder restrict the items: the gallery_counts table answers then. */
  get countable(): boolean {
    return !this.narrowed;
  }

  private addFilterConditions(f: ItemFilters): void {
    if (f.job_id !== undefined) this.add(`g.job_id = ${this.param(f.job_id)}`);
    if (f.job_name) this.add(`g.job_name = ${this.param(f.job_name)}`);
    if (f.workflow) this.add(`g.workflow_name = ${this.param(f.workflow)}`);
    if (f.search) {
      const p = this.param(containsPattern(f.search));
      // the expression of gallery_items_search_trgm_idx, so the trigram index serves it; it joins
      // the fields with spaces, so the rows it finds are checked field by field ("city Text" must
      // not match the job "Neon city" of the workflow "Text to Image")
      this.add(`(g.job_name || ' ' || g.workflow_name || ' ' || atelier_tags_text(g.user_tags)) ILIKE ${p}`);
      this.add(
        `(g.job_name ILIKE ${p} OR g.workflow_name ILIKE ${p} OR EXISTS (SELECT 1 FROM unnest(g.user_tags) t WHERE t ILIKE ${p}))`,
      );
    }
    if (f.dateFrom) this.add(`g.created_at >= ${this.param(localDayStart(f.dateFrom, f.tz))}`);
    if (f.dateTo) this.add(`g.created_at < ${this.param(localDayStart(f.dateTo, f.tz_to ?? f.tz, 1))}`);
  }

  after(cursor: KeysetCursor | undefined): this {
    if (!cursor) return this;
    this.narrowed = true;
    return this.add(`(g.created_at, g.id) < (${this.param(cursor.createdAt)}::timestamptz, ${this.param(cursor.id)})`);
  }

  sql(): string {
    return this.conditions.join(' AND ');
  }
}

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

/** timestamptz::text as PostgreSQL prints it here, e.g. `2026-11-25 16:00:00.123456+00`. */
const PG_TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2}) \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;
/** PostgreSQL refuses a UTC offset past 15:59:59 ("time zone displacement out of range"). */
const MAX_OFFSET_HOURS = 15;

/**
 * Null for anything that is not a cursor this server made. Only the form the server writes gets
 * through: a date JavaScript can read but PostgreSQL cannot ("2024", 2024-02-30), or an id past
 * the integer column, would otherwise fail in the query as a 500.
 */
export function decodeCursor(raw: string): KeysetCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as [unknown, unknown];
    if (typeof createdAt !== 'string' || typeof id !== 'number') return null;
    const [, day, offsetH, offsetM = '0', offsetS = '0'] = PG_TIMESTAMPTZ.exec(createdAt) ?? [];
    if (day === undefined || !isCalendarDay(day) || !isClockTime(createdAt.slice(11, 19))) return null;
    if (Number(offsetH) > MAX_OFFSET_HOURS || Number(offsetM) > 59 || Number(offsetS) > 59) return null;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

function isClockTime(hms: string): boolean {
  const [h, m, s] = hms.split(':').map(Number) as [number, number, number];
  return h < 24 && m < 60 && s < 60;
}
