import type { ConfigurableParam } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { seedUsed } from './graph-seed.js';

const sampler = (seed: unknown, name = 'seed') => ({ class_type: 'KSampler', inputs: { [name]: seed, steps: 20 } });
const json = (graph: Record<string, unknown>, params: Record<string, ConfigurableParam> = {}) => ({
  type: 'comfyui' as const,
  graph,
  configurableParams: params,
});

describe('seedUsed: the seed a ComfyUI run used', () => {
  it("is the item's own when a seed_control parameter writes it into the graph", () => {
    const workflow = json({ '3': sampler(1) }, { seed: { type: 'seed_control', node: '3', input: 'seed' } });
    expect(seedUsed(workflow, { '3': sampler(77) }, 77)).toBe(77);
  });

  it("is the item's own when a slug workflow's base graph has override_seed", () => {
    const workflow = { type: 'slug' as const, graph: { '3': sampler('override_seed') }, configurableParams: null };
    expect(seedUsed(workflow, { '3': sampler(77) }, 77)).toBe(77);
  });

  it("is the graph's own literal seed when nothing carries the item's in", () => {
    const graph = { '3': sampler(5), '4': sampler(5, 'noise_seed') };
    expect(seedUsed(json(graph), graph, 77)).toBe(5);
    // a seed_control with nowhere to write counts for nothing
    const unplaced = json(graph, { seed: { type: 'seed_control' } });
    expect(seedUsed(unplaced, graph, 77)).toBe(5);
  });

  it('is null when the graph has no literal seed, or several different ones', () => {
    const linked = { '3': sampler(['7', 0]), '7': { class_type: 'PrimitiveInt', inputs: { value: 5 } } };
    expect(seedUsed(json(linked), linked, 77)).toBeNull();
    const two = { '3': sampler(5), '4': sampler(6) };
    expect(seedUsed(json(two), two, 77)).toBeNull();
    expect(seedUsed(json({}), {}, 77)).toBeNull();
  });
});
