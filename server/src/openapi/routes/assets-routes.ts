import {
  ASSET_MESSAGES,
  assetIdParamsSchema,
  assetSchema,
  messageResponseSchema,
  uploadAssetFieldsSchema,
} from '@atelier/shared';
import { z } from 'zod';
import { created, either, ok, type RouteDoc } from '../route-doc.js';

const uploadForm = uploadAssetFieldsSchema.extend({
  file: z.string().meta({ format: 'binary', description: 'A PNG, JPEG, WebP or GIF image, recognised by content' }),
});

/** Input images that `asset` parameters of workflows refer to. */
export const assetsRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/assets',
    tag: 'Assets',
    summary: 'Every uploaded input image',
    description: 'Sent without a token by the Generate dashboard; the URLs are signed and expire.',
    access: 'public',
    responses: [ok(z.array(assetSchema))],
  },
  {
    method: 'post',
    path: '/assets',
    tag: 'Assets',
    summary: 'Upload an input image',
    access: 'user',
    form: uploadForm,
    responses: [created(assetSchema, 'Stored'), ok(assetSchema, 'The same image was already stored')],
    errors: {
      400: either(ASSET_MESSAGES.fileRequired, ASSET_MESSAGES.notAnImage),
      413: either(ASSET_MESSAGES.tooLarge),
    },
  },
  {
    method: 'delete',
    path: '/assets/{id}',
    tag: 'Assets',
    summary: 'Delete an uploaded image (its uploader or an admin)',
    access: 'user',
    params: assetIdParamsSchema,
    responses: [ok(messageResponseSchema, 'Asset deleted')],
    errors: { 404: `${either(ASSET_MESSAGES.assetNotFound)}, also for another user's upload` },
  },
];
