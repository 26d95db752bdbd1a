import { z } from 'zod';

export const assetSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  filename: z.string(),
  display_name: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;
