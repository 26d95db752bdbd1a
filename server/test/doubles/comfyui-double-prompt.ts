import { type Graph, type GraphNode, isOutputNode, isSampler } from './comfyui-double-state.js';

/** Newer servers only take lowercase UUIDs as prompt_id (protocol section 2). */
const PROMPT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function refusal(type: string, message: string, nodeErrors: Record<string, unknown> = {}): Record<string, unknown> {
  return { error: { type, message, details: '', extra_info: {} }, node_errors: nodeErrors };
}

function isNode(value: unknown): value is GraphNode {
  if (!value || typeof value !== 'object') return false;
  const node = value as Record<string, unknown>;
  return typeof node.class_type === 'string' && !!node.inputs && typeof node.inputs === 'object';
}

export type PromptCheck =
  { ok: true; graph: Graph; outputNodes: string[] } | { ok: false; body: Record<string, unknown> };

/** The checks of ComfyUI's `validate_prompt` that a client can trip over. */
export function checkPrompt(body: Record<string, unknown>): PromptCheck {
  const prompt = body.prompt;
  if (!prompt || typeof prompt !== 'object') return { ok: false, body: refusal('no_prompt', 'No prompt provided') };
  if (body.prompt_id !== undefined && (typeof body.prompt_id !== 'string' || !PROMPT_ID.test(body.prompt_id))) {
    return { ok: false, body: refusal('invalid_prompt_id', 'Invalid prompt_id') };
  }
  const graph: Graph = {};
  for (const [id, node] of Object.entries(prompt)) {
    if (!isNode(node)) {
      return {
        ok: false,
        body: refusal('invalid_prompt', 'Cannot execute because a node is missing the class_type property.'),
      };
    }
    graph[id] = node;
  }
  const outputNodes = Object.keys(graph).filter((id) => isOutputNode(graph[id] as GraphNode));
  if (!outputNodes.length) return { ok: false, body: refusal('prompt_no_outputs', 'Prompt has no outputs') };
  return { ok: true, graph, outputNodes };
}

/** The 400 of a sampler whose `steps` is above its maximum (value_bigger_than_max). */
export function stepsTooHighRefusal(graph: Graph, outputNodes: string[]): Record<string, unknown> {
  const [nodeId, node] = Object.entries(graph).find(([, n]) => isSampler(n)) ??
    Object.entries(graph)[0] ?? ['1', undefined];
  const nodeError = {
    errors: [
      {
        type: 'value_bigger_than_max',
        message: 'Value 10001 bigger than max of 10000',
        details: 'steps',
        extra_info: { input_name: 'steps', input_config: ['INT', { min: 1, max: 10000 }], received_value: 10001 },
      },
    ],
    dependent_outputs: outputNodes,
    class_type: node?.class_type ?? 'KSampler',
  };
  return refusal('prompt_outputs_failed_validation', 'Prompt outputs failed validation', { [nodeId]: nodeError });
}
