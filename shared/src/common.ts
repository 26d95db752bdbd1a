import { z } from 'zod';

/** Timestamps travel as ISO-8601 strings. */
export const isoDateSchema = z.string();

export const idSchema = z.coerce.number().int().positive();
export type Id = number;

export const idParamSchema = z.object({ id: idSchema });

export const paginationSchema = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;
