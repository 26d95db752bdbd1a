import { z } from 'zod';

/** Timestamps travel as ISO-8601 strings. */
export const isoDateSchema = z.string();

/** Ids are positive 32-bit integers (identity columns). */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.coerce
  .number({ error: 'Invalid id' })
  .int({ error: 'Invalid id' })
  .positive({ error: 'Invalid id' })
  .max(MAX_ID, { error: 'Invalid id' });
export type Id = number;

export const idParamSchema = z.object({ id: idSchema });

export const paginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** The answer of deletions and other changes that return nothing but a confirmation. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
