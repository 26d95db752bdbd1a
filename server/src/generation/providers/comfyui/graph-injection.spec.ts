import type { ConfigurableParam } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../generation-provider.js';
import { type InjectionInput, injectGraph } from './graph-injection.js';

function baseGraph(): Record<string, unknown> {
  return {
    '3': {
      class_type: 'KSampler',
      inputs: { seed: 1, steps: 20, cfg: 7, model: ['4', 0], positive: ['6', 0], latent_image: ['5', 0] },
    },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a cat', clip: ['4', 1] }, _meta: { title: 'Positive' } },
    '10': { class_type: 'LoadImage', inputs: { image: 'example.png' } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] } },
  };
}

function jsonInput(params: Record<string, ConfigurableParam>, values: Record<string, unknown>): InjectionInput {
  return {
    workflow: { type: 'comfyui', graph: baseGraph(), configurableParams: params },
    jobId: 42,
    seed: 123456789,
    values,
    uploaded: { init_image: 'atelier/42/fox.png' },
  };
}

function inputsOf(graph: Record<string, unknown>, id: string): Record<string, unknown> {
  return (graph[id] as { inputs: Record<string, unknown> }).inputs;
}

describe('injectGraph, JSON workflows', () => {
  const params: Record<string, ConfigurableParam> = {
    prompt: { type: 'text', node: '6', input: 'text' },
    steps: { type: 'number', node: '3', input: 'steps' },
    seed: { type: 'seed_control', node: '3', input: 'seed' },
    init_image: { type: 'asset', node: '10', input: 'image' },
    width: { type: 'number', node: '5', input: 'width' },
    label: { type: 'text' },
  };

  it('writes each value to its node and input, the seed and the uploaded asset name included', () => {
    const graph = injectGraph(
      jsonInput(params, { prompt: 'a red fox', steps: 8, seed: 5, width: 640, label: 'x' }),
    ).graph;
    expect(inputsOf(graph, '6').text).toBe('a red fox');
    expect(inputsOf(graph, '3')).toMatchObject({ steps: 8, seed: 123456789, cfg: 7 });
    expect(inputsOf(graph, '10').image).toBe('atelier/42/fox.png');
    expect(inputsOf(graph, '5').width).toBe(640);
  });

  it('leaves links alone and keeps the graph default when the job gives no value', () => {
    const graph = injectGraph(jsonInput(params, {})).graph;
    expect(inputsOf(graph, '3')).toMatchObject({ steps: 20, model: ['4', 0], positive: ['6', 0] });
    expect(inputsOf(graph, '6')).toEqual({ text: 'a cat', clip: ['4', 1] });
  });

  it('returns a copy and never changes the workflow it was given', () => {
    const input = jsonInput(params, { prompt: 'changed' });
    const before = structuredClone(input.workflow.graph);
    injectGraph(input);
    expect(input.workflow.graph).toEqual(before);
  });

  it('wraps literal lists so ComfyUI cannot read them as links', () => {
    const graph = injectGraph(
      jsonInput({ size: { type: 'select', node: '5', input: 'width' } }, { size: [512, 768] }),
    ).graph;
    expect(inputsOf(graph, '5').width).toEqual({ __value__: [512, 768] });
  });

  it('ends the whole job when a parameter points at a node the graph lacks', () => {
    const run = (): unknown => injectGraph(jsonInput({ prompt: { node: '99', input: 'text' } }, { prompt: 'x' }));
    expect(run).toThrow(ProviderError);
    expect(run).toThrow(/node 99/);
    try {
      run();
    } catch (error) {
      expect(error).toMatchObject({ scope: 'job', retryable: false });
    }
  });
});

describe('injectGraph, slug workflows', () => {
  function slugInput(values: Record<string, unknown>, uploaded: Record<string, string> = {}): InjectionInput {
    const graph = baseGraph();
    inputsOf(graph, '6').text = 'override_prompt';
    inputsOf(graph, '3').seed = 'override_seed';
    inputsOf(graph, '10').image = 'override_reference';
    return { workflow: { type: 'slug', graph, configurableParams: null }, jobId: 7, seed: 99, values, uploaded };
  }

  it('replaces every override key with the job value, the uploaded asset and the item seed', () => {
    const graph = injectGraph(
      slugInput({ override_prompt: 'a dog' }, { override_reference: 'atelier/7/ref.png' }),
    ).graph;
    expect(inputsOf(graph, '6').text).toBe('a dog');
    expect(inputsOf(graph, '3').seed).toBe(99);
    expect(inputsOf(graph, '10').image).toBe('atelier/7/ref.png');
    expect(inputsOf(graph, '3').model).toEqual(['4', 0]);
  });

  it('prefers an explicit override_seed value over the item seed', () => {
    const graph = injectGraph(slugInput({ override_prompt: 'p', override_seed: 5, override_reference: 'r.png' })).graph;
    expect(inputsOf(graph, '3').seed).toBe(5);
  });

  it('refuses a graph whose override key has no value', () => {
    expect(() => injectGraph(slugInput({ override_reference: 'r.png' }))).toThrow(/override_prompt/);
  });
});

describe('injectGraph, output prefixes', () => {
  it('puts outputs under atelier/<jobId>/ once, and never touches a linked prefix', () => {
    const input = jsonInput({}, {});
    const graph = input.workflow.graph as Record<string, unknown>;
    graph['12'] = { class_type: 'SaveWEBM', inputs: { filename_prefix: 'atelier/42/video', images: ['8', 0] } };
    graph['13'] = { class_type: 'SaveImage', inputs: { filename_prefix: ['20', 0], images: ['8', 0] } };
    const out = injectGraph(input).graph;
    expect(inputsOf(out, '9').filename_prefix).toBe('atelier/42/ComfyUI');
    expect(inputsOf(out, '12').filename_prefix).toBe('atelier/42/video');
    expect(inputsOf(out, '13').filename_prefix).toEqual(['20', 0]);
  });

  it('ends the job on a graph saved in the editor format instead of the API format', () => {
    const uiFormat = {
      last_node_id: 9,
      last_link_id: 3,
      nodes: [{ id: 3, type: 'KSampler' }],
      links: [],
      version: 0.4,
    };
    const refuse = () =>
      injectGraph({ ...jsonInput({}, {}), workflow: { type: 'slug', graph: uiFormat, configurableParams: null } });
    expect(refuse).toThrow(/not in ComfyUI's API format \("last_node_id" is not a node/);
    expect(() => refuse()).toThrow(expect.objectContaining({ scope: 'job', retryable: false }) as Error);
  });

  it('rejects a workflow without a graph', () => {
    expect(() =>
      injectGraph({ ...jsonInput({}, {}), workflow: { type: 'comfyui', graph: null, configurableParams: null } }),
    ).toThrow(/no ComfyUI graph/);
  });
});
