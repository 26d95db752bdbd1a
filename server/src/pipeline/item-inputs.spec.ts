import { describe, expect, it } from 'vitest';
import { itemValues } from './item-inputs.js';

const params = {
  seed: { type: 'seed_control' as const },
  image: { type: 'asset' as const },
  prompt: { type: 'text' as const },
};

describe('one item of a batch', () => {
  it('uses seed + index in fixed mode, wrapping at 2^32', () => {
    const stored = { seed: { mode: 'fixed', seed: 4_294_967_294 }, prompt: 'x' };
    expect([0, 1, 2].map((i) => itemValues('comfyui', params, stored, i, {}).seed)).toEqual([
      4_294_967_294, 4_294_967_295, 0,
    ]);
    expect(itemValues('comfyui', params, stored, 1, {}).values).toEqual({ seed: 4_294_967_295, prompt: 'x' });
  });

  it('draws a different seed per item in random mode, the same one each time the item runs', () => {
    const stored = { seed: { mode: 'random', seed: 5 } };
    const seedsOf = (job: Record<string, unknown>) =>
      Array.from({ length: 20 }, (_, i) => itemValues('comfyui', params, job, i, {}).seed);
    const seeds = seedsOf(stored);
    expect(new Set(seeds).size).toBe(20);
    for (const seed of seeds) expect(seed >= 0 && seed <= 4_294_967_295 && Number.isInteger(seed)).toBe(true);
    // a resumed item (another worker, after a restart) sends the seed it sent the first time
    expect(seedsOf(stored)).toEqual(seeds);
    // another job, with its own drawn seed, gets other seeds
    expect(seedsOf({ seed: { mode: 'random', seed: 6 } })).not.toEqual(seeds);
  });

  it('swaps asset ids for file names, and keeps a slug workflow seed out of its override values', () => {
    expect(itemValues('comfyui', params, { image: 12 }, 0, { image: 'abc.png' }).values).toEqual({ image: 'abc.png' });
    const slug = itemValues('slug', null, { override_prompt: 'fox', seed: { mode: 'fixed', seed: 3 } }, 4, {});
    expect(slug).toEqual({ seed: 7, values: { override_prompt: 'fox' } });
  });
});
