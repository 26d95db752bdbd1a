import type { ApiGraph, InjectedGraph } from './graph-injection.js';

/** The inputs ComfyUI's samplers take their seed from (KSampler, KSamplerAdvanced, RandomNoise...). */
const SEED_INPUTS = new Set(['seed', 'noise_seed']);

/** The one literal seed the graph's samplers are written with, or null when there are none or several. */
function literalSeed(graph: ApiGraph): number | null {
  const seeds = new Set<number>();
  for (const node of Object.values(graph)) {
    const inputs = (node as { inputs?: Record<string, unknown> } | null)?.inputs;
    if (!inputs || typeof inputs !== 'object') continue;
    for (const [name, value] of Object.entries(inputs)) {
      if (SEED_INPUTS.has(name) && typeof value === 'number' && Number.isSafeInteger(value)) seeds.add(value);
    }
  }
  return seeds.size === 1 ? [...seeds][0]! : null;
}

/**
 * The seed a ComfyUI run used, for the gallery item's seed_used (DESIGN section 3): the one
 * injection wrote in; else the graph's own when its samplers have one literal seed (an API-format
 * graph runs with the value written in it); else null, rather than a number that would not
 * reproduce the image. An override_seed with no maximum may write one ComfyUI takes (up to
 * 2^64 - 1) but JavaScript cannot hold exactly nor seed_used (a bigint) store: null too, since
 * storing it would fail the item's record, and with it every retry of the job.
 */
export function seedUsed(injected: InjectedGraph): number | null {
  const seed = injected.seed ?? literalSeed(injected.graph);
  return seed !== null && Number.isSafeInteger(seed) && seed >= 0 ? seed : null;
}
