import type { ConfigurableParam } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { injectGraph } from './graph-injection.js';
import { seedUsed } from './graph-seed.js';

const sampler = (seed: unknown, name = 'seed') => ({ class_type: 'KSampler', inputs: { [name]: seed, steps: 20 } });

/** The graph as injection leaves it for an item of seed 77. */
function injected(
  graph: Record<string, unknown>,
  workflow: { type: 'comfyui'; params?: Record<string, ConfigurableParam> } | { type: 'slug' },
  values: Record<string, unknown> = {},
) {
  const configurableParams = workflow.type === 'comfyui' ? (workflow.params ?? {}) : null;
  return injectGraph({
    workflow: { type: workflow.type, graph, configurableParams },
    jobId: 1,
    seed: 77,
    values,
    uploaded: {},
  });
}

describe('seedUsed: the seed a ComfyUI run used', () => {
  it("is the item's own when a seed_control parameter writes it into the graph", () => {
    const params: Record<string, ConfigurableParam> = { seed: { type: 'seed_control', node: '3', input: 'seed' } };
    expect(seedUsed(injected({ '3': sampler(1) }, { type: 'comfyui', params }))).toBe(77);
  });

  it("is the item's own when a slug workflow's base graph has override_seed, or the value the job set for it", () => {
    expect(seedUsed(injected({ '3': sampler('override_seed') }, { type: 'slug' }))).toBe(77);
    expect(seedUsed(injected({ '3': sampler('override_seed') }, { type: 'slug' }, { override_seed: 555 }))).toBe(555);
  });

  it("is the graph's own literal seed when nothing carries the item's in", () => {
    const graph = { '3': sampler(5), '4': sampler(5, 'noise_seed') };
    expect(seedUsed(injected(graph, { type: 'comfyui' }))).toBe(5);
    // a seed_control with nowhere to write counts for nothing
    expect(seedUsed(injected(graph, { type: 'comfyui', params: { seed: { type: 'seed_control' } } }))).toBe(5);
  });

  it('is null when the graph has no literal seed, or several different ones', () => {
    const linked = { '3': sampler(['7', 0]), '7': { class_type: 'PrimitiveInt', inputs: { value: 5 } } };
    expect(seedUsed(injected(linked, { type: 'comfyui' }))).toBeNull();
    expect(seedUsed(injected({ '3': sampler(5), '4': sampler(6) }, { type: 'comfyui' }))).toBeNull();
    expect(seedUsed(injected({}, { type: 'comfyui' }))).toBeNull();
  });
});
