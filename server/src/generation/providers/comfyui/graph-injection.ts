import { type ConfigurableParam, OVERRIDE_KEY_PATTERN } from '@atelier/shared';
import { ProviderError, type ProviderWorkflow } from '../generation-provider.js';

/** ComfyUI API-format graph: node id -> `{class_type, inputs, _meta?}`. */
export type ApiGraph = Record<string, unknown>;

export interface InjectionInput {
  workflow: Pick<ProviderWorkflow, 'type' | 'graph' | 'configurableParams'>;
  jobId: number;
  seed: number;
  values: Record<string, unknown>;
  /** ComfyUI's name (`subfolder/name`) of each uploaded asset, by parameter name or override key. */
  uploaded: Record<string, string>;
}

export interface InjectedGraph {
  graph: ApiGraph;
  /** The seed written in by a seed_control parameter or `override_seed`; null when none was. */
  seed: number | null;
}

/** What injection wrote that the run's record needs afterwards. */
interface Written {
  seed: number | null;
}

function jobError(message: string): ProviderError {
  return new ProviderError(message, { retryable: false, scope: 'job' });
}

function isApiNode(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const node = value as { class_type?: unknown; inputs?: unknown };
  return (
    typeof node.class_type === 'string' &&
    !!node.inputs &&
    typeof node.inputs === 'object' &&
    !Array.isArray(node.inputs)
  );
}

/** ComfyUI reads every 2-element array in inputs as a link `[sourceNodeId, outputIndex]`. */
function isLink(value: unknown): boolean {
  return Array.isArray(value) && value.length === 2;
}

/** A literal list must be wrapped, or ComfyUI could take it for a link. */
function literal(value: unknown): unknown {
  return Array.isArray(value) ? { __value__: value } : value;
}

function nodeInputs(graph: ApiGraph, nodeId: string): Record<string, unknown> | null {
  const node = graph[nodeId];
  if (!node || typeof node !== 'object') return null;
  const inputs = (node as { inputs?: unknown }).inputs;
  return inputs && typeof inputs === 'object' && !Array.isArray(inputs) ? (inputs as Record<string, unknown>) : null;
}

function paramValue(name: string, param: ConfigurableParam, input: InjectionInput): unknown {
  if (param.type === 'seed_control') return input.seed;
  if (param.type === 'asset') return input.uploaded[name];
  return input.values[name];
}

function writeParams(
  graph: ApiGraph,
  params: Record<string, ConfigurableParam>,
  input: InjectionInput,
  written: Written,
): void {
  for (const [name, param] of Object.entries(params)) {
    if (!param.node || !param.input) continue;
    const value = paramValue(name, param, input);
    // No value means the job keeps the graph's own default.
    if (value === undefined) continue;
    const inputs = nodeInputs(graph, param.node);
    if (!inputs)
      throw jobError(`Parameter "${name}" writes to node ${param.node}, which the workflow graph does not have`);
    inputs[param.input] = literal(value);
    if (param.type === 'seed_control') written.seed = input.seed;
  }
}

/** The one key a slug job always has a value for: the item's seed, when no override of that key gave one. */
export const SEED_OVERRIDE_KEY = 'override_seed';

function overrideValue(key: string, input: InjectionInput): unknown {
  const value = input.uploaded[key] ?? input.values[key] ?? (key === SEED_OVERRIDE_KEY ? input.seed : undefined);
  if (value === undefined) throw jobError(`The base workflow uses ${key}, but the job has no value for it`);
  return value;
}

function replaceOverrides(
  container: Record<string, unknown> | unknown[],
  input: InjectionInput,
  written: Written,
): void {
  const entries: Array<[string | number, unknown]> = Array.isArray(container)
    ? container.map((value, index) => [index, value])
    : Object.entries(container);
  for (const [key, value] of entries) {
    if (typeof value === 'string' && OVERRIDE_KEY_PATTERN.test(value)) {
      const replacement = overrideValue(value, input);
      (container as Record<string | number, unknown>)[key] = literal(replacement);
      if (value === SEED_OVERRIDE_KEY && typeof replacement === 'number') written.seed = replacement;
    } else if (value && typeof value === 'object' && !isLink(value)) {
      replaceOverrides(value as Record<string, unknown> | unknown[], input, written);
    }
  }
}

/** Outputs land under `atelier/<jobId>/` in ComfyUI's output folder, easy to find and clean up. */
function prefixOutputs(graph: ApiGraph, jobId: number): void {
  const prefix = `atelier/${jobId}/`;
  for (const nodeId of Object.keys(graph)) {
    const inputs = nodeInputs(graph, nodeId);
    const current = inputs?.filename_prefix;
    if (inputs && typeof current === 'string' && !current.startsWith(prefix)) {
      inputs.filename_prefix = `${prefix}${current.replace(/^\/+/, '')}`;
    }
  }
}

/**
 * A deep copy of the workflow's graph with the item's values written in: by the parameters' node
 * and input for a JSON workflow, by replacing `override_*` strings for a slug workflow.
 */
export function injectGraph(input: InjectionInput): InjectedGraph {
  if (!input.workflow.graph) throw jobError('The workflow has no ComfyUI graph');
  const graph = structuredClone(input.workflow.graph);
  // ComfyUI answers a UI-format graph (its editor's save: nodes, links) with a 500 that looks
  // transient, so every item would be retried and fail alike: refuse it once for the job
  const notANode = Object.keys(graph).find((nodeId) => !isApiNode(graph[nodeId]));
  if (notANode !== undefined) {
    throw jobError(
      `The workflow graph is not in ComfyUI's API format ("${notANode}" is not a node with class_type and inputs): export it with "Save (API)"`,
    );
  }
  const written: Written = { seed: null };
  if (input.workflow.type === 'comfyui') {
    writeParams(graph, input.workflow.configurableParams ?? {}, input, written);
  } else {
    for (const nodeId of Object.keys(graph)) {
      const inputs = nodeInputs(graph, nodeId);
      if (inputs) replaceOverrides(inputs, input, written);
    }
  }
  prefixOutputs(graph, input.jobId);
  return { graph, seed: written.seed };
}
