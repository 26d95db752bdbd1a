import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GenerationCancelledError,
  ProviderError,
  type GenerationOutcome,
  type GenerationProvider,
  type GenerationRequest,
  type ProducedFile,
} from '../generation-provider.js';
import { abortableSleep, throwIfCancelled } from './abortable-sleep.js';
import { readImageSize, readPrompt, readVideoSize } from './builtin-request.js';
import { findBlockedWord, rejectionReason, strictStage } from './content-policy.js';
import { renderImagePng } from './render-image.js';
import { VIDEO_CONTENT_TYPE, VIDEO_EXTENSION, renderVideo } from './render-video.js';

/** `config.generation.builtin` as parsed from the environment. */
export interface BuiltinProviderOptions {
  /** Simulated generation time per item, in ms (0 renders at once). */
  itemDelayMs: number;
  /** Words a strict classification rejects, matched whole-word and case-insensitively. */
  blockedWords: readonly string[];
}

/** Slices of the delay reported as progress, so a bar moves like a real sampler's would. */
const MAX_PROGRESS_STEPS = 10;
const MS_PER_PROGRESS_STEP = 250;

/**
 * DESIGN section 5: the default provider. Renders a deterministic image (or a short clip for video
 * workflows) from seed, prompt and size, waits the configured time per item, and applies the
 * workflow's classification with a fixed word list, so the product runs end to end without a GPU.
 */
export class BuiltinProvider implements GenerationProvider {
  readonly name = 'builtin' as const;

  constructor(private readonly options: BuiltinProviderOptions) {}

  async generate(request: GenerationRequest): Promise<GenerationOutcome> {
    const { signal, workflow } = request;
    throwIfCancelled(signal);
    const prompt = readPrompt(request.values);
    const stage = strictStage(workflow.eok);
    const blockedWord = stage ? findBlockedWord(prompt, this.options.blockedWords) : null;
    // a pre-classifier refuses before any work; a post-classifier only sees the finished output
    if (stage === 'pre-classification' && blockedWord)
      return { status: 'rejected', reason: rejectionReason(stage, blockedWord) };

    const steps = progressSteps(this.options.itemDelayMs);
    request.onSubmitted?.();
    await this.simulateWork(request, steps);
    if (stage === 'post-classification' && blockedWord)
      return { status: 'rejected', reason: rejectionReason(stage, blockedWord) };

    const file = await this.render(request, prompt);
    request.onProgress(steps, steps);
    return { status: 'produced', files: [file] };
  }

  /** Sleeps the item delay in equal slices, reporting each but the last, which ends with the render. */
  private async simulateWork(request: GenerationRequest, steps: number): Promise<void> {
    const { itemDelayMs } = this.options;
    if (itemDelayMs <= 0) return;
    for (let step = 1; step <= steps; step++) {
      const sliceEnd = Math.round((itemDelayMs * step) / steps);
      const sliceStart = Math.round((itemDelayMs * (step - 1)) / steps);
      await abortableSleep(sliceEnd - sliceStart, request.signal);
      if (step < steps) request.onProgress(step, steps);
    }
  }

  private async render(request: GenerationRequest, prompt: string): Promise<ProducedFile> {
    const isVideo = request.workflow.generationType === 'video';
    const size = isVideo ? readVideoSize(request.values) : readImageSize(request.values);
    const scene = { ...size, seed: request.seed, prompt };
    const outputPath = path.join(request.workDir, isVideo ? `output.${VIDEO_EXTENSION}` : 'output.png');
    try {
      if (isVideo) await renderVideo(scene, outputPath, request.signal);
      else await writeFile(outputPath, await renderImagePng(scene));
      throwIfCancelled(request.signal);
      return { path: outputPath, contentType: isVideo ? VIDEO_CONTENT_TYPE : 'image/png' };
    } catch (error) {
      // a killed ffmpeg leaves half a file; nothing of a failed or cancelled item may look like output
      await rm(outputPath, { force: true });
      if (request.signal.aborted) throw new GenerationCancelledError();
      const message = error instanceof Error ? error.message : String(error);
      throw new ProviderError(`The built-in renderer failed: ${message}`, { retryable: true });
    }
  }
}

function progressSteps(itemDelayMs: number): number {
  return Math.min(MAX_PROGRESS_STEPS, Math.max(1, Math.round(itemDelayMs / MS_PER_PROGRESS_STEP)));
}
