import { z } from 'zod';
import { FOLDER_NAME_MAX_CODE_POINTS, GALLERY_PAGE_SIZE, isCalendarDay } from './constants.js';
import { choice, idSchema, searchTextSchema, wholeQueryParam } from './common.js';
import { GALLERY_STATUSES } from './gallery.js';
import { TAG_TOO_LONG, keptTagsSchema } from './workflow-requests.js';

/** A folder's name is at most 50 characters as a reader counts them, each possibly several code points. */
const FOLDER_FILTER_TOO_LONG = `folder is at most ${FOLDER_NAME_MAX_CODE_POINTS} characters`;
const DAY_RULE = 'Dates are YYYY-MM-DD';
const day = z.string({ error: DAY_RULE }).refine(isCalendarDay, { error: DAY_RULE });
/** `Date.getTimezoneOffset()` minutes, UTC-14 to UTC+14. */
const tzOffset = wholeQueryParam('tz', -840, 840);

/**
 * SPEC section 3, Gallery filters, as query parameters. `folder` absent = all, empty = ungrouped,
 * else a folder name. Dates are whole days in the client's time zone: `tz` is the client's
 * `Date.getTimezoneOffset()` in minutes (UTC minus local).
 */
const galleryFilterFields = z.object({
  status: choice('status', GALLERY_STATUSES).default('active'),
  folder: z
    .string({ error: 'folder must be one folder name' })
    .max(FOLDER_NAME_MAX_CODE_POINTS, { error: FOLDER_FILTER_TOO_LONG })
    // folder names are stored composed (folderInputSchema): 'Café' typed with a combining accent names it too
    .normalize('NFC')
    .optional(),
  // an id as paths take it: plain digits, not 0x8 or 1e0
  job_id: idSchema.optional(),
  job_name: searchTextSchema('Job name'),
  workflow: searchTextSchema('Workflow'),
  search: searchTextSchema(),
  dateFrom: day.optional(),
  dateTo: day.optional(),
  tz: tzOffset.default(0),
  /**
   * The offset at the end of `dateTo`'s day when a clock change lies between it and `dateFrom`
   * (daylight saving): one offset for the whole range would move an edge by an hour. Default `tz`.
   */
  tz_to: tzOffset.optional(),
});

export const DATE_RANGE_REVERSED = 'dateFrom must not be after dateTo';

/**
 * A range that ends before it starts is a mistake (the two dates swapped), not a question whose
 * answer is "nothing": refused, rather than answered with an empty gallery that looks like no media.
 */
function inDayOrder<T extends z.ZodType<{ dateFrom?: string; dateTo?: string }>>(schema: T) {
  // both YYYY-MM-DD with four-digit years: the text order is the calendar order
  return schema.refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    error: DATE_RANGE_REVERSED,
    path: ['dateFrom'],
  });
}

export const galleryFilterQuerySchema = inDayOrder(galleryFilterFields);
export type GalleryFilterQuery = z.output<typeof galleryFilterQuerySchema>;

export const galleryListQuerySchema = inDayOrder(
  galleryFilterFields.extend({
    limit: wholeQueryParam('limit', 1, GALLERY_PAGE_SIZE).default(GALLERY_PAGE_SIZE),
    offset: wholeQueryParam('offset', 0, 100_000_000).default(0),
    /** Opaque; from the `X-Next-Cursor` header of the previous page. Wins over offset. */
    cursor: z.string({ error: 'Invalid cursor' }).max(200, { error: 'Invalid cursor' }).optional(),
  }),
);
export type GalleryListQuery = z.output<typeof galleryListQuerySchema>;

export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const galleryCountSchema = z.object({ count: z.number().int() });

export const folderFilterQuerySchema = inDayOrder(
  galleryFilterFields.pick({
    status: true,
    job_name: true,
    workflow: true,
    dateFrom: true,
    dateTo: true,
    tz: true,
    tz_to: true,
  }),
);

export const MAX_BULK_IDS = 1000;

const IDS_RULE = 'ids must be a list of gallery item ids';
const ids = z
  .array(
    z
      .number({ error: IDS_RULE })
      .int({ error: IDS_RULE })
      .positive({ error: IDS_RULE })
      .max(2_147_483_647, { error: IDS_RULE }),
    {
      error: IDS_RULE,
    },
  )
  .min(1, { error: 'Select at least one item' })
  .max(MAX_BULK_IDS, { error: `At most ${MAX_BULK_IDS} items at once` })
  .transform((list) => [...new Set(list)]);

export const bulkIdsSchema = z.object({ ids });

/** A folder name, or '' or null to take the items out of their folder; left out, it is refused rather than read as null. */
const folderPath = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? 'folder_path is required: a folder name, or null to take the item out of its folder'
        : 'folder_path must be a folder name or null',
  })
  .max(FOLDER_NAME_MAX_CODE_POINTS)
  .nullable()
  // as the folder's name is stored: trimmed and composed
  .transform((v) => (v === null ? '' : v.trim().normalize('NFC')));

export const moveToFolderSchema = z.object({ folder_path: folderPath });
export const bulkMoveSchema = z.object({ ids, folder_path: folderPath });

export const GALLERY_ITEM_MAX_TAGS = 30;
export const GALLERY_TAG_MESSAGES = {
  tooLong: TAG_TOO_LONG,
  tooMany: `At most ${GALLERY_ITEM_MAX_TAGS} tags`,
} as const;

const TAGS_RULE = 'user_tags must be a list of tags';

export const userTagsSchema = z.object({ user_tags: keptTagsSchema(TAGS_RULE, GALLERY_ITEM_MAX_TAGS) });

export const bulkResultSchema = z.object({ updated: z.number().int() });

/** Where the browser fetches the zip of a bulk download, by plain navigation: no token is needed there. */
export const bulkDownloadSchema = z.object({
  url: z.string().meta({ description: 'A same-origin path, valid for 10 minutes, answering the zip' }),
});
export type BulkDownload = z.infer<typeof bulkDownloadSchema>;
