import { z } from 'zod';

/** Every error the API answers has this shape; `error` is the text the spec names. */
export const errorResponseSchema = z.object({
  error: z.string(),
  /** Per-field messages when a request body fails validation. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
