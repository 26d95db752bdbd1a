import { z } from 'zod';

export const baseWorkflowFileSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  sha: z.string(),
});
export type BaseWorkflowFile = z.infer<typeof baseWorkflowFileSchema>;

export const baseWorkflowContentSchema = baseWorkflowFileSchema.extend({
  content: z.unknown(),
  raw_content: z.string(),
});
export type BaseWorkflowContent = z.infer<typeof baseWorkflowContentSchema>;

/** GET /base-workflows/{filename}: the file, parsed when it is valid JSON, and the override keys it uses. */
export const baseWorkflowDetailSchema = baseWorkflowContentSchema.extend({
  override_keys: z.array(z.string()),
});

/** The editor's text (kept as typed) or a JSON object (written pretty-printed). */
const baseWorkflowFileContentSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);

/** POST /base-workflows. `.json` is added to the name when missing. */
export const createBaseWorkflowRequestSchema = z.object({
  name: z.string(),
  content: baseWorkflowFileContentSchema,
});

/**
 * PUT /base-workflows/{filename}. A `newName` renames the file in the same commit. `baseSha`, the
 * sha the file was read with, makes the save refused (409) when someone changed the file since.
 */
export const updateBaseWorkflowRequestSchema = z.object({
  content: baseWorkflowFileContentSchema,
  newName: z.string().nullish(),
  baseSha: z.string().nullish(),
});

/**
 * Every change is one commit in the base workflow repository, pushed when a remote is set. `sha` is
 * the file's blob id after the change (empty after a deletion).
 */
export const baseWorkflowChangeSchema = z.object({
  name: z.string(),
  sha: z.string(),
  commit: z.string(),
  pushed: z.boolean(),
  message: z.string(),
});
export type BaseWorkflowChangeResponse = z.infer<typeof baseWorkflowChangeSchema>;
