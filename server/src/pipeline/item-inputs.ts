import { SLUG_SEED_KEY, seedValueSchema, type ConfigurableParam } from '@atelier/shared';
import { itemSeed, randomSeed } from '../jobs/job-parameters.js';

/**
 * A job's stored values turned into one item's values: every seed resolved for this batch index
 * (fixed: seed + index; random: a fresh one), asset ids swapped for their file names.
 */
export function itemValues(
  workflowType: 'slug' | 'comfyui',
  params: Record<string, ConfigurableParam> | null,
  stored: Record<string, unknown>,
  batchIndex: number,
  assetNames: Record<string, string>,
): { seed: number; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  let seed: number | null = null;
  for (const [name, value] of Object.entries(stored)) {
    const asSeed = seedValueSchema.safeParse(value);
    const isSeed = workflowType === 'slug' ? name === SLUG_SEED_KEY : params?.[name]?.type === 'seed_control';
    if (isSeed && asSeed.success) {
      const resolved = itemSeed(asSeed.data, batchIndex);
      seed ??= resolved;
      if (workflowType !== 'slug') values[name] = resolved;
    } else if (assetNames[name] !== undefined) {
      values[name] = assetNames[name];
    } else {
      values[name] = value;
    }
  }
  return { seed: seed ?? randomSeed(), values };
}
