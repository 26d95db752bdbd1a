/** Shapes shared by the ComfyUI double's server and its runner. */

export interface GraphNode {
  class_type: string;
  inputs: Record<string, unknown>;
}
export type Graph = Record<string, GraphNode>;

export interface QueuedPrompt {
  number: number;
  id: string;
  prompt: Graph;
  extraData: Record<string, unknown>;
  /** Output node ids, the 5th element of a queue item. */
  outputNodes: string[];
}

/** ComfyUI's queue item: `[number, prompt_id, prompt, extra_data, outputs_to_execute]`. */
export function queueItem(prompt: QueuedPrompt): unknown[] {
  return [prompt.number, prompt.id, prompt.prompt, prompt.extraData, prompt.outputNodes];
}

export function clientIdOf(prompt: QueuedPrompt): string | undefined {
  const clientId = prompt.extraData.client_id;
  return typeof clientId === 'string' ? clientId : undefined;
}

export interface HistoryEntry {
  prompt: unknown[];
  outputs: Record<string, Record<string, unknown>>;
  status: { status_str: 'success' | 'error'; completed: boolean; messages: Array<[string, Record<string, unknown>]> };
  meta: Record<string, unknown>;
}

/** The faults a test can switch on. */
export interface DoubleFaults {
  nodeErrors400: boolean;
  executionError: string | null;
  dropSocketMidRun: boolean;
  emptyHistory: boolean;
  /** The history entry is written this long after execution_success (protocol section 6). */
  historyLagMs: number;
  stepDelayMs: number;
  loseFirstPromptReply: boolean;
  /** A server older than client-set prompt ids (PR #8189, July 2025) makes its own. */
  ownPromptIds: boolean;
  paused: boolean;
  /** Prompts still to run before the queue pauses by itself; null: no such pause. */
  runsBeforePause: number | null;
  /** The sampler stops after this step until released (a long VAE decode); null: it never stops. */
  holdAfterStep: number | null;
}

export function noFaults(): DoubleFaults {
  return {
    nodeErrors400: false,
    executionError: null,
    dropSocketMidRun: false,
    emptyHistory: false,
    historyLagMs: 0,
    stepDelayMs: 0,
    loseFirstPromptReply: false,
    ownPromptIds: false,
    paused: false,
    runsBeforePause: null,
    holdAfterStep: null,
  };
}

/** How the runner reaches the sockets (ComfyUI's `send_sync` routing, protocol section 6). */
export interface DoubleSockets {
  /**
   * To the socket of `clientId`; without a client id, only `broadcastWithoutClient` events go to
   * every socket (progress, execution_interrupted), the others are never sent.
   */
  send(
    clientId: string | undefined,
    type: string,
    data: Record<string, unknown>,
    broadcastWithoutClient?: boolean,
  ): void;
  sendToAll(type: string, data: Record<string, unknown>): void;
  /** A binary preview frame (event 1, PNG). */
  sendPreview(clientId: string | undefined, image: Buffer): void;
  /** Closes every socket and refuses new ones until `allow()`. */
  dropAll(): void;
  allow(): void;
}

export function isOutputNode(node: GraphNode): boolean {
  return (
    node.class_type.startsWith('Save') || node.class_type === 'PreviewImage' || node.class_type === 'VHS_VideoCombine'
  );
}

export function isSampler(node: GraphNode): boolean {
  return node.class_type.includes('Sampler');
}

export function isVideoNode(node: GraphNode): boolean {
  return /webm|video/i.test(node.class_type);
}
