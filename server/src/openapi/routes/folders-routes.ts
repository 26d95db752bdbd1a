import {
  FOLDER_MESSAGES,
  folderDeleteResponseSchema,
  folderFilterQuerySchema,
  folderInputSchema,
  folderUpdateSchema,
  folderSchema,
  galleryFolderSchema,
  idParamSchema,
  liveSocketHeadersSchema,
} from '@atelier/shared';
import { z } from 'zod';
import { created, either, ok, type RouteDoc } from '../route-doc.js';

const TAKEN = either(FOLDER_MESSAGES.nameTaken, FOLDER_MESSAGES.hotkeyTaken('<key>'));

/** The caller's own gallery folders. */
export const foldersRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/folders',
    tag: 'Gallery folders',
    summary: 'Folders with their counts and previews under the gallery filters',
    access: 'user',
    query: folderFilterQuerySchema,
    responses: [ok(z.array(galleryFolderSchema))],
  },
  {
    method: 'post',
    path: '/folders',
    tag: 'Gallery folders',
    summary: 'Create a folder',
    access: 'user',
    headers: liveSocketHeadersSchema,
    body: folderInputSchema,
    responses: [created(folderSchema)],
    errors: { 400: TAKEN },
  },
  {
    method: 'put',
    path: '/folders/{id}',
    tag: 'Gallery folders',
    summary: 'Rename, recolour or re-key a folder',
    access: 'user',
    headers: liveSocketHeadersSchema,
    params: idParamSchema,
    body: folderUpdateSchema,
    responses: [ok(folderSchema)],
    errors: { 400: TAKEN, 404: either(FOLDER_MESSAGES.folderNotFound) },
  },
  {
    method: 'delete',
    path: '/folders/{id}',
    tag: 'Gallery folders',
    summary: 'Delete a folder; its items become ungrouped',
    access: 'user',
    headers: liveSocketHeadersSchema,
    params: idParamSchema,
    responses: [ok(folderDeleteResponseSchema)],
    errors: { 404: either(FOLDER_MESSAGES.folderNotFound) },
  },
];
