import { setTimeout as delay } from 'node:timers/promises';
import { pino, type Logger } from 'pino';
import {
  GenerationCancelledError,
  handedBack,
  ProviderError,
  type GenerationOutcome,
  type GenerationProvider,
  type GenerationRequest,
} from '../generation-provider.js';
import { keyHint, resolveApiKey } from './eok-api-key.js';
import { EokClient } from './eok-client.js';
import { downloadOutputs } from './eok-downloads.js';
import { classifyEokError, followError, submitError, submitMayHaveCreated } from './eok-errors.js';
import { withRetry, type RetryOptions } from '../retry.js';
import { eokTimings, type EokConfig, type EokTimings } from './eok-timings.js';
import { buildSubmitBody, idempotencyKey, isTerminal, type EokGeneration } from './eok-wire.js';

export type { EokConfig, EokTimings } from './eok-timings.js';

export interface EokProviderOptions {
  logger?: Logger;
  timings?: Partial<EokTimings>;
  /** OUTPUT_MAX_BYTES. */
  outputMaxBytes?: number;
}

/** One item on its way through the server. */
interface ItemRun {
  request: GenerationRequest;
  key: string;
  generationId?: string;
  /** The generation reached a terminal status: there is nothing left to stop. */
  ended?: boolean;
  /** A submit failed in a way that may have made a generation whose id we never heard. */
  submitUnsure?: boolean;
  /** The job's signal or the item deadline, whichever comes first. */
  signal: AbortSignal;
  deadline: AbortSignal;
  deadlineAt: number;
  lastProgress?: string;
  log: Logger;
}

const jobError = (message: string) => new ProviderError(message, { retryable: false, scope: 'job' });

/** Runs slug workflows on the external generation server (eok-contract.md, DESIGN section 5). */
export class EokProvider implements GenerationProvider {
  readonly name = 'eok';
  private readonly client: EokClient | undefined;
  private readonly timings: EokTimings;
  private readonly logger: Logger;

  constructor(
    private readonly config: EokConfig,
    options: EokProviderOptions = {},
  ) {
    this.timings = eokTimings(config, options.timings);
    // unconfigured is not a start-up error: only slug workflows routed here need the server
    this.client = config.url
      ? new EokClient({
          baseUrl: config.url,
          requestTimeoutMs: this.timings.requestTimeoutMs,
          outputMaxBytes: options.outputMaxBytes,
        })
      : undefined;
    this.logger = options.logger?.child({ provider: 'eok' }) ?? pino({ enabled: false });
  }

  async generate(request: GenerationRequest): Promise<GenerationOutcome> {
    const key = resolveApiKey(request.apiKey, this.config.apiKey);
    if (!key) throw jobError('No API key for the external generation server');
    const slug = request.workflow.slug;
    if (!this.client) throw jobError('The external generation server is not configured (EOK_URL)');
    if (!slug) throw jobError(`Workflow ${request.workflow.name} has no slug to run on the external generation server`);
    const assets = Object.keys(request.assets);
    // the v1 contract has no way to upload files; running without them would quietly ignore inputs
    if (assets.length) throw jobError(`The external generation server cannot take file inputs: ${assets.join(', ')}`);
    if (request.signal.aborted) throw new GenerationCancelledError();

    // EOK_ITEM_TIMEOUT_S bounds the item's whole wait (eok-contract.md), across the pipeline's retries
    const deadlineAt = (request.itemStartedAt ?? Date.now()) + this.timings.itemTimeoutMs;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), Math.max(0, deadlineAt - Date.now()));
    const run: ItemRun = {
      request,
      key,
      signal: AbortSignal.any([request.signal, deadline.signal]),
      deadline: deadline.signal,
      deadlineAt,
      log: this.logger.child({ jobId: request.jobId, batchIndex: request.batchIndex }),
    };
    try {
      if (Date.now() >= deadlineAt) {
        // ran out in the pipeline's retry backoff: an earlier attempt's generation may still run
        deadline.abort();
        run.submitUnsure = true;
        throw new Error('The item ran out of time before this attempt');
      }
      return await this.runItem(this.client, run, slug);
    } catch (error) {
      if (request.signal.aborted) {
        // handed back: the next worker's submit, with the same Idempotency-Key, follows this generation
        if (!handedBack(request.signal)) await this.stopGeneration(this.client, run, slug);
        throw new GenerationCancelledError();
      }
      const limitS = this.timings.itemTimeoutMs / 1000;
      if (deadline.signal.aborted) {
        // a retry would only follow the same generation (same Idempotency-Key) past the bound, so the
        // item fails for good and the generation is stopped rather than left running for no one
        run.log.warn({ generationId: run.generationId }, 'eok item timed out');
        await this.stopGeneration(this.client, run, slug);
        throw new ProviderError(`Timed out after ${limitS} s on the external generation server`, {
          retryable: false,
        });
      }
      const askedWaitMs = error instanceof ProviderError && error.retryable ? error.retryAfterMs : undefined;
      if (askedWaitMs !== undefined && Date.now() + askedWaitMs >= deadlineAt) {
        // the next attempt could only begin past the bound: failed now, not after holding the worker
        await this.stopGeneration(this.client, run, slug);
        throw new ProviderError(
          `The external generation server is busy: it asked to wait ${Math.ceil(askedWaitMs / 1000)} s, ` +
            `longer than the item may take (${limitS} s)`,
          { retryable: false },
        );
      }
      // no attempt follows: the generation is not left running for a retry that will not come
      if (request.finalAttempt || (error instanceof ProviderError && !error.retryable)) {
        await this.stopGeneration(this.client, run, slug);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A retryable failure leaves the item's generation running for the next attempt, which follows it
   * by the same Idempotency-Key; cancelled before that attempt, the generation is stopped here.
   */
  async abandon(request: Omit<GenerationRequest, 'workDir'>): Promise<void> {
    const key = resolveApiKey(request.apiKey, this.config.apiKey);
    const slug = request.workflow.slug;
    if (!key || !slug || !this.client) return;
    const run: ItemRun = {
      request: { ...request, workDir: '' },
      key,
      signal: request.signal,
      deadline: request.signal,
      deadlineAt: Date.now() + this.timings.requestTimeoutMs,
      // which generation the failed attempt made (if any) only a submit under its key tells
      submitUnsure: true,
      log: this.logger.child({ jobId: request.jobId, batchIndex: request.batchIndex }),
    };
    await this.stopGeneration(this.client, run, slug);
  }

  private async runItem(client: EokClient, run: ItemRun, slug: string): Promise<GenerationOutcome> {
    const submitted = await withRetry(
      // the deadline, not the job's signal, bounds the submit itself: cut off in flight, a created
      // generation's id would be lost and it could not be cancelled
      () =>
        this.submit(client, run, slug, run.deadline).catch((error: unknown) => {
          run.submitUnsure = submitMayHaveCreated(error);
          throw error;
        }),
      this.retryOptions(run, 'submit'),
    ).catch((error: unknown) => Promise.reject(submitError(error, slug)));
    run.generationId = submitted.id;
    run.log.info({ generationId: submitted.id, key: keyHint(run.key) }, 'eok generation submitted');
    run.request.onSubmitted?.();
    if (run.request.signal.aborted) throw new GenerationCancelledError();

    const generation = await this.follow(client, run, submitted.id, !isTerminal(submitted.status));
    run.ended = true;
    run.log.info({ generationId: generation.id, status: generation.status }, 'eok generation ended');
    switch (generation.status) {
      case 'succeeded':
        return {
          status: 'produced',
          files: await downloadOutputs(generation, {
            client,
            key: run.key,
            workDir: run.request.workDir,
            signal: run.signal,
            retry: this.retryOptions(run, 'download'),
          }),
        };
      case 'rejected':
        return {
          status: 'rejected',
          reason: generation.rejection_reason || 'Refused by the external generation server',
        };
      case 'failed':
        // final for this item: a retry sends the same Idempotency-Key and gets this generation back
        throw new ProviderError(generation.error || 'The external generation server failed the generation', {
          retryable: false,
        });
      default:
        // cancelled by someone else (our own cancel is handled by generate)
        throw new GenerationCancelledError();
    }
  }

  /**
   * Cancels the item's generation. When a submit failed in a way that may have made one (its answer
   * lost, a 5xx, or an earlier attempt's, when the time ran out between attempts), only a submit
   * under the same Idempotency-Key names it: it is asked for once, to be cancelled. Should nothing
   * have been made, that submit makes one, cancelled at once: cheaper than one left running unseen.
   */
  private async stopGeneration(client: EokClient, run: ItemRun, slug: string): Promise<void> {
    if (run.ended) return;
    if (!run.generationId && run.submitUnsure) {
      try {
        const found = await this.submit(client, run, slug, AbortSignal.timeout(this.timings.requestTimeoutMs));
        run.generationId = found.id;
      } catch (error) {
        run.log.warn({ reason: String(error) }, 'eok generation of a stopped item could not be looked up');
      }
    }
    await this.cancelQuietly(client, run);
  }

  /** One POST /v1/generations under the item's Idempotency-Key: the same generation every time. */
  private submit(client: EokClient, run: ItemRun, slug: string, signal: AbortSignal): Promise<EokGeneration> {
    return client.submit(run.key, idempotencyKey(run.request), buildSubmitBody(run.request, slug), signal);
  }

  /** Polls until a terminal status, waiting 1 s, 2 s, 4 s, then 5 s between polls. */
  private async follow(client: EokClient, run: ItemRun, id: string, waitFirst: boolean): Promise<EokGeneration> {
    let interval = this.timings.pollStartMs;
    for (let wait = waitFirst; ; wait = true) {
      if (wait) {
        await delay(interval, undefined, { signal: run.signal });
        interval = Math.min(this.timings.pollMaxMs, interval * 2);
      }
      const generation = await withRetry(
        () => client.status(run.key, id, run.signal),
        this.retryOptions(run, 'status'),
      ).catch((error: unknown) => Promise.reject(followError(error, id)));
      const progress = generation.progress;
      if (progress && `${progress.value}/${progress.max}` !== run.lastProgress) {
        run.lastProgress = `${progress.value}/${progress.max}`;
        run.request.onProgress(progress.value, progress.max);
      }
      if (isTerminal(generation.status)) return generation;
    }
  }

  /** Best effort within one request timeout: the job is being cancelled either way. */
  private async cancelQuietly(client: EokClient, run: ItemRun): Promise<void> {
    const id = run.generationId;
    if (!id) return;
    const signal = AbortSignal.timeout(this.timings.requestTimeoutMs);
    try {
      await withRetry(() => client.cancel(run.key, id, signal), {
        ...this.retryOptions(run, 'cancel'),
        signal,
        deadline: undefined,
      });
      run.log.info({ generationId: id }, 'eok generation cancelled');
    } catch (error) {
      run.log.warn({ generationId: id, reason: String(error) }, 'eok generation could not be cancelled');
    }
  }

  private retryOptions(run: ItemRun, call: string): RetryOptions {
    return {
      maxAttempts: this.timings.maxAttempts,
      baseMs: this.timings.retryBaseMs,
      maxMs: this.timings.retryMaxMs,
      signal: run.signal,
      deadline: run.deadlineAt,
      classify: classifyEokError,
      onRetry: (error, attempt, delayMs) =>
        run.log.warn(
          { call, attempt, delayMs, generationId: run.generationId, reason: String(error) },
          'eok call retried',
        ),
    };
  }
}
