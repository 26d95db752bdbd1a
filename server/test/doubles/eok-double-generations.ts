import { z } from 'zod';

/** What the double accepts on submit: the body of eok-contract.md, "Submit one item". */
export const submitBodySchema = z.strictObject({
  slug: z.string().min(1),
  runtime: z.string().nullable(),
  provider: z.string().min(1),
  generation_type: z.enum(['image', 'video']),
  bucket_name: z.string().nullable(),
  download_dir: z.string().nullable(),
  pre_classification_type: z.enum(['permissive', 'strict']),
  post_classification_type: z.enum(['permissive', 'strict']),
  seed: z.number().int(),
  overrides: z.record(z.string(), z.unknown()),
  batch_index: z.number().int().min(0),
});
export type SubmitBody = z.infer<typeof submitBodySchema>;

export type DoubleStatus = 'queued' | 'running' | 'succeeded' | 'rejected' | 'failed' | 'cancelled';

export interface DoubleGeneration {
  id: string;
  idempotencyKey: string;
  body: SubmitBody;
  status: DoubleStatus;
  progress: { value: number; max: number };
  rejectionReason?: string;
  error?: string;
}

/** How generations end: scripted per batch index, or never (hang). */
export interface GenerationScript {
  steps: number;
  hanging: boolean;
  rejections: Map<number, string>;
  failures: Map<number, string>;
}

/**
 * One poll moves a generation one step: queued -> running 0/steps -> ... -> steps/steps and
 * its end. Driven by polls rather than time, so tests are exact whatever the machine's speed.
 */
export function advance(generation: DoubleGeneration, script: GenerationScript): void {
  if (generation.status === 'queued') {
    generation.status = 'running';
    return;
  }
  if (generation.status !== 'running') return;
  if (script.hanging) {
    generation.progress.value = Math.min(1, generation.progress.max);
    return;
  }
  generation.progress.value = Math.min(generation.progress.max, generation.progress.value + 1);
  if (generation.progress.value < generation.progress.max) return;
  const batchIndex = generation.body.batch_index;
  const rejection = script.rejections.get(batchIndex);
  const failure = script.failures.get(batchIndex);
  if (rejection !== undefined) {
    generation.status = 'rejected';
    generation.rejectionReason = rejection;
  } else if (failure !== undefined) {
    generation.status = 'failed';
    generation.error = failure;
  } else {
    generation.status = 'succeeded';
  }
}

/** The wire form of `GET /v1/generations/{id}`; outputs only once it succeeded. */
export function toWire(
  generation: DoubleGeneration,
  outputs: Array<{ url: string; content_type?: string }>,
): Record<string, unknown> {
  return {
    id: generation.id,
    status: generation.status,
    progress: generation.status === 'queued' ? null : { ...generation.progress },
    outputs: generation.status === 'succeeded' ? outputs : [],
    rejection_reason: generation.rejectionReason ?? null,
    error: generation.error ?? null,
  };
}
