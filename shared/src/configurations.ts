import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const configurationSchema = z.object({
  id: z.number().int(),
  workflow_id: z.number().int(),
  config_name: z.string(),
  parameter_values: z.record(z.string(), z.unknown()),
  created_at: isoDateSchema,
});
export type Configuration = z.infer<typeof configurationSchema>;
