import { rm, stat } from 'node:fs/promises';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import {
  GenerationCancelledError,
  handedBack,
  ProviderError,
  type GenerationProvider,
  type GenerationRequest,
  type ProducedFile,
} from '../generation/providers/generation-provider.js';
import { makeItemWorkDir, removeOrphanedItemDirs } from './item-work-dirs.js';
import { MediaStore, type StoredOutput } from './media-store.js';

export type ItemResult =
  | { kind: 'produced'; outputs: StoredOutput[]; seedUsed: number | null }
  | { kind: 'rejected'; reason: string }
  | { kind: 'failed'; message: string };

const CANCELLED_ON_PROVIDER = 'The generation was cancelled on the generation server';

/** Thrown when a provider says the whole job cannot run (bad key, unknown slug, refused workflow). */
export class JobFailure extends Error {}

/**
 * Our own media storage failed (disk full, a volume gone read-only): no fault of the item, so it
 * is not failed. The job is retried with backoff from its checkpoint, as for database trouble,
 * instead of failing item after item, with server paths in the message, until storage is back.
 */
export class MediaStorageError extends Error {
  constructor(cause: unknown) {
    super(`Could not store the item's output: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MediaStorageError';
  }
}

export type ItemRequest = Omit<GenerationRequest, 'workDir'> & { userId: number };

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new GenerationCancelledError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new GenerationCancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A zero-byte output (a download answered 200 with no body, a node that wrote nothing) would become
 * a gallery tile with nothing to show: the attempt fails instead, and the retry fetches it again.
 */
async function refuseEmptyFiles(files: ProducedFile[]): Promise<void> {
  for (const [index, file] of files.entries()) {
    if ((await stat(file.path)).size === 0)
      throw new ProviderError(`The generation server sent an empty file (output ${index})`, { retryable: true });
  }
}

/**
 * The gallery shows images and videos only: another output of the run (a ComfyUI SaveAudio's
 * sound, a 3D model, a text file) would become an "image" tile that shows nothing and counts in
 * image_count, so it is left out. A file of unknown type stays, as before, for what it may be.
 */
function isGalleryMedia(file: ProducedFile): boolean {
  const type = file.contentType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('image/') || type.startsWith('video/') || type === 'application/octet-stream';
}

/** The run's images and videos; a run that made none fails (not retried: it would make the same). */
function galleryMedia(files: ProducedFile[]): ProducedFile[] {
  const media = files.filter(isGalleryMedia);
  if (media.length === 0 && files.length > 0) {
    const types = [...new Set(files.map((file) => file.contentType))].join(', ');
    throw new ProviderError(`The workflow produced no image or video (only ${types})`, { retryable: false });
  }
  return media;
}

/**
 * One item: the provider call, retried with exponential backoff and jitter (or the server's
 * Retry-After) when the error allows it; the last error becomes the item's failure (DESIGN section 5).
 */
@Injectable()
export class ItemRunner implements OnApplicationBootstrap {
  constructor(
    private readonly media: MediaStore,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await removeOrphanedItemDirs(this.logger);
  }

  async run(provider: GenerationProvider, request: ItemRequest): Promise<ItemResult> {
    const { itemMaxAttempts, itemRetryBaseMs } = this.runtime.config.generation;
    let lastError = 'Generation failed';
    const itemStartedAt = Date.now();
    for (let attempt = 1; attempt <= itemMaxAttempts; attempt++) {
      const workDir = await makeItemWorkDir();
      try {
        const finalAttempt = attempt === itemMaxAttempts;
        const outcome = await provider.generate({ ...request, workDir, itemStartedAt, attempt, finalAttempt });
        if (outcome.status === 'rejected') return { kind: 'rejected', reason: outcome.reason };
        if (outcome.files.length === 0) throw new ProviderError('The provider produced no file', { retryable: true });
        const files = galleryMedia(outcome.files);
        await refuseEmptyFiles(files);
        const outputs = await this.media
          .store(request.userId, request.jobId, request.batchIndex, files)
          .catch((error: unknown) => Promise.reject(new MediaStorageError(error)));
        return {
          kind: 'produced',
          outputs,
          seedUsed: outcome.seedUsed === undefined ? request.seed : outcome.seedUsed,
        };
      } catch (error) {
        if (error instanceof MediaStorageError) throw error;
        if (error instanceof GenerationCancelledError) {
          if (request.signal.aborted) throw error;
          // stopped on the provider's side by someone else: this item is lost, the job goes on
          return { kind: 'failed', message: CANCELLED_ON_PROVIDER };
        }
        if (error instanceof ProviderError && error.scope === 'job') throw new JobFailure(error.message);
        const retryable = !(error instanceof ProviderError) || error.retryable;
        lastError = error instanceof Error ? error.message : String(error);
        this.logger.warn(
          { jobId: request.jobId, batchIndex: request.batchIndex, attempt, err: lastError },
          'item attempt failed',
        );
        if (!retryable || attempt === itemMaxAttempts) break;
        const backoff = itemRetryBaseMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
        const wait =
          error instanceof ProviderError && error.retryAfterMs !== undefined
            ? Math.max(error.retryAfterMs, backoff)
            : backoff;
        try {
          await sleep(wait, request.signal);
        } catch (cancelled) {
          // a handed-back item is taken up by another worker, which follows what this one left
          if (!handedBack(request.signal)) await provider.abandon?.({ ...request, itemStartedAt, attempt });
          throw cancelled;
        }
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    }
    return { kind: 'failed', message: lastError };
  }
}
