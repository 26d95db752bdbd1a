import { z } from 'zod';
import { roleSchema } from './auth.js';
import { isoDateSchema } from './common.js';

/** Admin view of a user (SPEC section 3). The API key is only ever shown cut to 12 characters. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  eok_api_key: z.string().nullable(),
  job_count: z.number().int(),
  folder_count: z.number().int(),
  created_at: isoDateSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
