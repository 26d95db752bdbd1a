import { z } from 'zod';
import type { GenerationRequest } from '../generation-provider.js';

/** Body of `POST /v1/generations` (eok-contract.md, "Submit one item"). */
export interface EokSubmitBody {
  slug: string;
  /** Unset workflow settings are sent as null rather than left out, so the shape never varies. */
  runtime: string | null;
  provider: string;
  generation_type: 'image' | 'video';
  bucket_name: string | null;
  download_dir: string | null;
  pre_classification_type: 'permissive' | 'strict';
  post_classification_type: 'permissive' | 'strict';
  seed: number;
  overrides: Record<string, unknown>;
  batch_index: number;
}

export function buildSubmitBody(request: GenerationRequest, slug: string): EokSubmitBody {
  const { eok, generationType } = request.workflow;
  return {
    slug,
    runtime: eok.runtime,
    provider: eok.provider,
    generation_type: generationType,
    bucket_name: eok.bucketName,
    download_dir: eok.downloadDir,
    pre_classification_type: eok.preClassification,
    post_classification_type: eok.postClassification,
    seed: request.seed,
    overrides: request.values,
    batch_index: request.batchIndex,
  };
}

/** `<job id>:<batch_index>`: a retried submit finds the same generation instead of making another. */
export function idempotencyKey(request: Pick<GenerationRequest, 'jobId' | 'batchIndex'>): string {
  return `${request.jobId}:${request.batchIndex}`;
}

export const TERMINAL_STATUSES = ['succeeded', 'rejected', 'failed', 'cancelled'] as const;
export type EokTerminalStatus = (typeof TERMINAL_STATUSES)[number];

export function isTerminal(status: string): status is EokTerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

// Status is any string: a status added by a newer server reads as "still working", not as garbage.
export const eokSubmittedSchema = z.object({ id: z.string().min(1), status: z.string() });

// Only what the item cannot go on without is strict: a malformed progress or reason is dropped,
// not allowed to fail a generation that is running or done.
export const eokGenerationSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  progress: z.object({ value: z.number(), max: z.number() }).nullish().catch(null),
  outputs: z.array(z.object({ url: z.string().min(1), content_type: z.string().nullish().catch(null) })).nullish(),
  rejection_reason: z.string().nullish().catch(null),
  error: z.string().nullish().catch(null),
});

export const eokErrorBodySchema = z.object({ error: z.string() });

export type EokSubmitted = z.infer<typeof eokSubmittedSchema>;
export type EokGeneration = z.infer<typeof eokGenerationSchema>;
export type EokOutput = NonNullable<EokGeneration['outputs']>[number];
