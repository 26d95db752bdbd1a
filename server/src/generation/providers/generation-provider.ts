import type { ConfigurableParam } from '@atelier/shared';

export type ProviderName = 'builtin' | 'comfyui' | 'eok';

/** What a provider needs to know of the workflow an item runs. */
export interface ProviderWorkflow {
  id: number;
  name: string;
  type: 'comfyui' | 'slug';
  /** Slug workflows: the base workflow they run (file name without .json). */
  slug: string | null;
  /**
   * ComfyUI API-format graph: a JSON workflow's own graph, or for a slug workflow run on ComfyUI
   * the base workflow's graph (whose `override_*` values the provider replaces).
   */
  graph: Record<string, unknown> | null;
  /** JSON workflows: where each parameter is written in the graph (node id and input name). */
  configurableParams: Record<string, ConfigurableParam> | null;
  generationType: 'image' | 'video';
  eok: {
    runtime: string | null;
    provider: string;
    bucketName: string | null;
    downloadDir: string | null;
    preClassification: 'permissive' | 'strict';
    postClassification: 'permissive' | 'strict';
  };
}

/** One item of a batch. */
export interface GenerationRequest {
  jobId: number;
  batchIndex: number;
  /** The seed this item uses (DESIGN section 3, Seeds). */
  seed: number;
  workflow: ProviderWorkflow;
  /**
   * The job's validated values: for a JSON workflow by configurable parameter name; for a slug
   * workflow by override key (`override_prompt`), seed override included when the workflow has one.
   */
  values: Record<string, unknown>;
  /** Asset parameters resolved to files on disk, by parameter name (or override key). */
  assets: Record<string, { path: string; filename: string }>;
  /** The submitting user's external-server key; null means the system key. */
  apiKey: string | null;
  /**
   * When the pipeline began this item's first attempt (epoch ms), the same on every retry: a
   * provider that bounds an item's whole wait counts from it. Absent, the attempt's own start.
   */
  itemStartedAt?: number;
  /** Which try of the item this is in this runner, from 1; absent, the first. */
  attempt?: number;
  /**
   * No attempt follows this one should it fail: a provider stops what it started on the server
   * rather than leave it running for a retry that will not come.
   */
  finalAttempt?: boolean;
  /** An empty directory of this item's own; providers write every output file into it. */
  workDir: string;
  /** Aborted when the job is cancelled or the worker shuts down. */
  signal: AbortSignal;
  /** Step progress of this item (ComfyUI `progress`, the external server's `progress`). */
  onProgress(value: number, max: number): void;
  /** The generation server has taken the item (DESIGN section 3: a job is `submitting` until then). */
  onSubmitted?(): void;
}

export interface ProducedFile {
  /** Absolute path inside the request's workDir. */
  path: string;
  /** MIME type, e.g. image/png or video/webm. */
  contentType: string;
}

/** A provider's answer for one item: files, or a content-policy rejection (not an error). */
export type GenerationOutcome =
  | {
      status: 'produced';
      files: ProducedFile[];
      /**
       * The seed the server ran with when it was not the request's: null when it is not known (a
       * ComfyUI graph that keeps seeds of its own). Left out, the request's seed was used.
       */
      seedUsed?: number | null;
    }
  | { status: 'rejected'; reason: string };

/**
 * A failure of one item. `retryable` ones are attempted again with backoff by the pipeline;
 * `scope: 'job'` ones (bad key, unknown slug, invalid overrides) end the whole job at once.
 */
export class ProviderError extends Error {
  readonly retryable: boolean;
  readonly scope: 'item' | 'job';
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { retryable: boolean; scope?: 'item' | 'job'; retryAfterMs?: number }) {
    super(message);
    this.name = 'ProviderError';
    this.retryable = options.retryable;
    this.scope = options.scope ?? 'item';
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** Thrown when the request's signal aborted; the pipeline treats it as cancellation, not failure. */
export class GenerationCancelledError extends Error {
  constructor() {
    super('Generation cancelled');
    this.name = 'GenerationCancelledError';
  }
}

/**
 * The abort reason when the worker stops and hands the item's job back: another worker runs the
 * item again, so a provider that can pick up its own earlier run (by an idempotency key) leaves
 * it running, while one that cannot stops it so the generation server is not busy for nothing.
 */
export class ItemHandedBack extends Error {
  constructor() {
    super('The worker is stopping; the job was handed back');
    this.name = 'ItemHandedBack';
  }
}

export const handedBack = (signal: AbortSignal): boolean => signal.reason instanceof ItemHandedBack;

export interface GenerationProvider {
  readonly name: ProviderName;
  generate(request: GenerationRequest): Promise<GenerationOutcome>;
  /**
   * The item was cancelled while the pipeline waited to try it again: a provider whose failed
   * attempt left work running on the server for that retry stops it now. Best effort, never throws.
   */
  abandon?(request: Omit<GenerationRequest, 'workDir'>): Promise<void>;
}
