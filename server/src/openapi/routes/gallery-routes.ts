import {
  NEXT_CURSOR_HEADER,
  bulkDownloadSchema,
  bulkIdsSchema,
  bulkMoveSchema,
  bulkResultSchema,
  galleryCountSchema,
  galleryFilterQuerySchema,
  galleryItemSchema,
  galleryListQuerySchema,
  idParamSchema,
  liveSocketHeadersSchema,
  moveToFolderSchema,
  userTagsSchema,
} from '@atelier/shared';
import { z } from 'zod';
import { DOWNLOAD_EXPIRED, DOWNLOAD_NOTHING_LEFT, DOWNLOAD_TTL_S } from '../../gallery/gallery-downloads.js';
import { ITEM_NOT_FOUND } from '../../gallery/gallery.service.js';
import { either, ok, type RouteDoc } from '../route-doc.js';

const NOT_OWNED = `${either(ITEM_NOT_FOUND)}, also for another user's item`;
const NONE_CHANGED = either('Gallery items not found: <ids>; nothing was changed');

const downloadParams = z.object({
  token: z.string().meta({ description: 'The token of a `url` that bulk-download answered' }),
});

const nextPageHeader = z.object({
  [NEXT_CURSOR_HEADER]: z.string().optional().meta({
    description: 'Present when more items may follow: pass it as `cursor` to read the next page',
  }),
});

/** The caller's own gallery items. */
export const galleryRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/gallery',
    tag: 'Gallery',
    summary: 'A page of gallery items, newest first',
    description:
      "`folder` absent: every folder; empty: ungrouped; else a folder name. Dates are whole days in the time zone `tz` (the client's `Date.getTimezoneOffset()` at the start of `dateFrom`), the end of `dateTo` at `tz_to` when a clock change lies between.",
    access: 'user',
    query: galleryListQuerySchema,
    responses: [{ ...ok(z.array(galleryItemSchema)), headers: nextPageHeader }],
  },
  {
    method: 'get',
    path: '/gallery/count',
    tag: 'Gallery',
    summary: 'How many items match the filters',
    access: 'user',
    query: galleryFilterQuerySchema,
    responses: [ok(galleryCountSchema)],
  },
  {
    method: 'post',
    path: '/gallery/bulk-archive',
    tag: 'Gallery',
    summary: 'Archive several items',
    description: "All or nothing: if one id is not the caller's, nothing changes.",
    access: 'user',
    headers: liveSocketHeadersSchema,
    body: bulkIdsSchema,
    responses: [ok(bulkResultSchema)],
    errors: { 404: NONE_CHANGED },
  },
  {
    method: 'post',
    path: '/gallery/bulk-unarchive',
    tag: 'Gallery',
    summary: 'Restore several archived items',
    access: 'user',
    headers: liveSocketHeadersSchema,
    body: bulkIdsSchema,
    responses: [ok(bulkResultSchema)],
    errors: { 404: NONE_CHANGED },
  },
  {
    method: 'post',
    path: '/gallery/bulk-folder',
    tag: 'Gallery',
    summary: 'Move several items to a folder (empty or null: ungrouped)',
    access: 'user',
    headers: liveSocketHeadersSchema,
    body: bulkMoveSchema,
    responses: [ok(bulkResultSchema)],
    errors: { 404: NONE_CHANGED },
  },
  {
    method: 'post',
    path: '/gallery/bulk-download',
    tag: 'Gallery',
    summary: 'Ask for a zip of several items',
    description: `All or nothing: if one id is not the caller's, no download is made. The \`url\` answers the zip for ${DOWNLOAD_TTL_S / 60} minutes, without a token, so a browser can save it by plain navigation.`,
    access: 'user',
    body: bulkIdsSchema,
    responses: [ok(bulkDownloadSchema)],
    errors: { 404: NONE_CHANGED },
  },
  {
    method: 'get',
    path: '/gallery/downloads/{token}',
    tag: 'Gallery',
    summary: 'The zip of a bulk download',
    description:
      'Streams `atelier-<n>-items.zip`, each file stored as it is and named `<job name>-<item id>.<ext>`. Items deleted since the download was asked for are left out; archived ones are kept.',
    access: 'public',
    params: downloadParams,
    responses: [{ status: 200, description: 'The zip', media: ['application/zip'] }],
    errors: {
      400: null,
      404: `${either(DOWNLOAD_EXPIRED)} for an unknown or expired token; ${either(DOWNLOAD_NOTHING_LEFT)}`,
    },
  },
  {
    method: 'post',
    path: '/gallery/{id}/archive',
    tag: 'Gallery',
    summary: 'Archive one item',
    access: 'user',
    headers: liveSocketHeadersSchema,
    params: idParamSchema,
    responses: [ok(galleryItemSchema)],
    errors: { 404: NOT_OWNED },
  },
  {
    method: 'post',
    path: '/gallery/{id}/unarchive',
    tag: 'Gallery',
    summary: 'Restore one archived item',
    access: 'user',
    headers: liveSocketHeadersSchema,
    params: idParamSchema,
    responses: [ok(galleryItemSchema)],
    errors: { 404: NOT_OWNED },
  },
  {
    method: 'put',
    path: '/gallery/{id}/folder',
    tag: 'Gallery',
    summary: 'Move one item to a folder (empty or null: ungrouped)',
    access: 'user',
    headers: liveSocketHeadersSchema,
    params: idParamSchema,
    body: moveToFolderSchema,
    responses: [ok(galleryItemSchema)],
    errors: { 404: NOT_OWNED },
  },
  {
    method: 'put',
    path: '/gallery/{id}/tags',
    tag: 'Gallery',
    summary: "Replace one item's own tags",
    access: 'user',
    headers: liveSocketHeadersSchema,
    params: idParamSchema,
    body: userTagsSchema,
    responses: [ok(galleryItemSchema)],
    errors: { 404: NOT_OWNED },
  },
];
