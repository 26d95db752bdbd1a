import {
  MESSAGES,
  baseWorkflowChangeSchema,
  baseWorkflowDetailSchema,
  baseWorkflowFileSchema,
  createBaseWorkflowRequestSchema,
  deleteConfirmationSchema,
  idParamSchema,
  messageResponseSchema,
  missingKeysResponseSchema,
  overrideDefinitionInputSchema,
  overrideDefinitionSchema,
  updateBaseWorkflowRequestSchema,
} from '@atelier/shared';
import { z } from 'zod';
import {
  TOO_MANY_CONFIRMATION_FAILURES,
  WRONG_CONFIRMATION_PASSWORD,
} from '../../auth/password-confirmation.service.js';
import { INVALID_NAME } from '../../base-workflows/base-workflow-names.js';
import { DUPLICATE_KEY } from '../../override-definitions/override-definitions.service.js';
import { created, either, ok, type RouteDoc } from '../route-doc.js';

const fileParams = z.object({
  filename: z.string().meta({ description: 'The file name, ending in .json' }),
});
const BASE_NOT_FOUND = 'Base workflow not found';
const NAME_TAKEN = 'A base workflow named <name> already exists';
const DEFINITION_NOT_FOUND = 'Override definition not found';
const BAD_FILE = either(MESSAGES.workflowNameRequired, INVALID_NAME, 'Invalid JSON: <reason>');
const COMMITTED = 'Each change is one commit in the base workflow repository, pushed when a remote is set.';

/** What admins keep the workflow catalogue with: base workflow files and override definitions. */
export const adminCatalogueRoutes: RouteDoc[] = [
  {
    method: 'get',
    path: '/base-workflows',
    tag: 'Base workflows',
    summary: 'Base workflow files',
    access: 'admin',
    responses: [ok(z.array(baseWorkflowFileSchema))],
  },
  {
    method: 'get',
    path: '/base-workflows/{filename}',
    tag: 'Base workflows',
    summary: 'One base workflow file with the override keys it uses',
    access: 'admin',
    params: fileParams,
    responses: [ok(baseWorkflowDetailSchema)],
    errors: { 404: either(BASE_NOT_FOUND) },
  },
  {
    method: 'post',
    path: '/base-workflows',
    tag: 'Base workflows',
    summary: 'Create a base workflow file',
    description: COMMITTED,
    access: 'admin',
    body: createBaseWorkflowRequestSchema,
    responses: [created(baseWorkflowChangeSchema)],
    errors: { 400: BAD_FILE, 409: either(NAME_TAKEN) },
  },
  {
    method: 'put',
    path: '/base-workflows/{filename}',
    tag: 'Base workflows',
    summary: 'Replace (and optionally rename) a base workflow file',
    description: COMMITTED,
    access: 'admin',
    params: fileParams,
    body: updateBaseWorkflowRequestSchema,
    responses: [ok(baseWorkflowChangeSchema)],
    errors: {
      400: BAD_FILE,
      404: either(BASE_NOT_FOUND),
      409: either(NAME_TAKEN, '<name> was changed by someone else since you opened it; reopen it …'),
    },
  },
  {
    method: 'delete',
    path: '/base-workflows/{filename}',
    tag: 'Base workflows',
    summary: "Delete a base workflow file, confirmed with the admin's own password",
    description: COMMITTED,
    access: 'admin',
    params: fileParams,
    body: deleteConfirmationSchema,
    responses: [ok(baseWorkflowChangeSchema, 'Base workflow deleted successfully!')],
    errors: {
      403: either(WRONG_CONFIRMATION_PASSWORD),
      429: `${either(TOO_MANY_CONFIRMATION_FAILURES)}, after LOGIN_MAX_FAILURES_PER_USERNAME (10) wrong passwords of this admin within LOGIN_RATE_WINDOW_S`,
      404: either(BASE_NOT_FOUND),
      409: either(
        '<file> is run by the slug workflows <names>: delete them or point them at another base workflow first',
      ),
    },
  },
  {
    method: 'get',
    path: '/override-definitions/missing-keys',
    tag: 'Override definitions',
    summary: 'Override keys used in base workflow files that have no definition, by file',
    access: 'admin',
    responses: [ok(missingKeysResponseSchema)],
  },
  {
    method: 'get',
    path: '/override-definitions',
    tag: 'Override definitions',
    summary: 'Override definitions',
    access: 'admin',
    responses: [ok(z.array(overrideDefinitionSchema))],
  },
  {
    method: 'post',
    path: '/override-definitions',
    tag: 'Override definitions',
    summary: 'Create an override definition',
    access: 'admin',
    body: overrideDefinitionInputSchema,
    responses: [created(overrideDefinitionSchema)],
    errors: { 409: either(DUPLICATE_KEY) },
  },
  {
    method: 'put',
    path: '/override-definitions/{id}',
    tag: 'Override definitions',
    summary: 'Change an override definition',
    access: 'admin',
    params: idParamSchema,
    body: overrideDefinitionInputSchema,
    responses: [ok(overrideDefinitionSchema)],
    errors: {
      404: either(DEFINITION_NOT_FOUND),
      409: either(
        DUPLICATE_KEY,
        'This override is used by <workflows>; remove it from those workflows before changing its key',
        'The default value of <name> in <workflow> <problem>; change or clear that default first',
        '<name> was changed by someone else since you opened it; reopen it …',
      ),
    },
  },
  {
    method: 'delete',
    path: '/override-definitions/{id}',
    tag: 'Override definitions',
    summary: "Delete an unused override definition, confirmed with the admin's own password",
    access: 'admin',
    params: idParamSchema,
    body: deleteConfirmationSchema,
    responses: [ok(messageResponseSchema, 'Override definition deleted successfully!')],
    errors: {
      403: either(WRONG_CONFIRMATION_PASSWORD),
      429: `${either(TOO_MANY_CONFIRMATION_FAILURES)}, after LOGIN_MAX_FAILURES_PER_USERNAME (10) wrong passwords of this admin within LOGIN_RATE_WINDOW_S`,
      404: either(DEFINITION_NOT_FOUND),
      409: either('This override is used by <workflows>; remove it from those workflows first'),
    },
  },
];
