import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import {
  adminUserSchema,
  analyticsSchema,
  assetSchema,
  baseWorkflowFileSchema,
  configurableParamSchema,
  configurationSchema,
  errorResponseSchema,
  folderSchema,
  galleryFolderSchema,
  galleryItemSchema,
  jobResultItemSchema,
  jobSchema,
  overrideDefinitionSchema,
  paginationSchema,
  queueStatusSchema,
  rejectionReasonSchema,
  sessionUserSchema,
  userWorkflowAccessSchema,
  validationRulesSchema,
  workflowOverrideSchema,
  workflowSchema,
} from '@atelier/shared';
import type { ZodType } from 'zod';

/**
 * Shared response shapes shown once under components/schemas and referenced wherever they nest.
 * Only shapes without transforms: a named schema reads the same as a request and as a response.
 */
const COMPONENTS: ReadonlyArray<readonly [string, ZodType]> = [
  ['Error', errorResponseSchema],
  ['SessionUser', sessionUserSchema],
  ['Job', jobSchema],
  ['RejectionReason', rejectionReasonSchema],
  ['Pagination', paginationSchema],
  ['JobResultItem', jobResultItemSchema],
  ['QueueStatus', queueStatusSchema],
  ['Analytics', analyticsSchema],
  ['Workflow', workflowSchema],
  ['ConfigurableParam', configurableParamSchema],
  ['WorkflowOverride', workflowOverrideSchema],
  ['ValidationRules', validationRulesSchema],
  ['OverrideDefinition', overrideDefinitionSchema],
  ['Configuration', configurationSchema],
  ['Asset', assetSchema],
  ['GalleryItem', galleryItemSchema],
  ['GalleryFolder', galleryFolderSchema],
  ['Folder', folderSchema],
  ['BaseWorkflowFile', baseWorkflowFileSchema],
  ['AdminUser', adminUserSchema],
  ['UserWorkflowAccess', userWorkflowAccessSchema],
];

/**
 * Names the shared schema instances themselves. `registry.register()` and `.openapi(name)` name a
 * copy, and zod 4 schemas nest by instance (a Job inside a job list is `jobSchema` itself), so only
 * the library's instance-keyed registry makes nested uses appear as references. Idempotent.
 */
export function nameSharedSchemas(): void {
  for (const [name, schema] of COMPONENTS) {
    // the library tags this registry @deprecated only to mean "use with caution": this is its intended use
    zodToOpenAPIRegistry.add(schema, { _internal: { refId: name } });
  }
}
