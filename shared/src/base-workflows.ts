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
