import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/config.js';
import {
  GenerationCancelledError,
  type GenerationOutcome,
  type GenerationProvider,
  type GenerationRequest,
  ProviderError,
} from '../generation-provider.js';
import { cancelPrompt } from './comfyui-cancel.js';
import { ComfyUiClient } from './comfyui-client.js';
import { ComfyUiEndpoint } from './comfyui-endpoint.js';
import { ComfyUiTransportError, historyFailure } from './comfyui-errors.js';
import { cancelEarlierPrompts, itemExtraData } from './comfyui-item-prompts.js';
import { LeftBehindPrompts } from './comfyui-left-behind.js';
import { downloadOutputs, outputItems } from './comfyui-outputs.js';
import { followRun, type RunTiming } from './comfyui-run.js';
import { RunMailbox } from './comfyui-run-mailbox.js';
import { ComfyUiSocket } from './comfyui-socket.js';
import { submitPrompt } from './comfyui-submit.js';
import { type InjectedGraph, injectGraph } from './graph-injection.js';
import { seedUsed } from './graph-seed.js';

/** The connection settings; the configured timings reach the provider as options (RunTiming). */
export type ComfyUiConfig = Omit<
  AppConfig['generation']['comfyui'],
  'pollIntervalMs' | 'lostPromptGraceMs' | 'unreachableToleranceMs'
>;

/** Tuning knobs; the defaults suit production, tests shorten them. */
export interface ComfyUiProviderOptions extends Partial<RunTiming> {
  logger?: Logger;
  /** How long generate() waits for the socket before relying on polling alone. */
  socketOpenTimeoutMs?: number;
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
  pingIntervalMs?: number;
  /** POST /prompt attempts when the answer is lost (each resubmit only if ComfyUI never saw the id). */
  submitAttempts?: number;
  /**
   * Names this deployment in the prompts it sends (the same for all its workers), so a worker taking
   * over a job finds what another left on ComfyUI for the same item, and no other Atelier's.
   */
  owner?: string;
  /** OUTPUT_MAX_BYTES. */
  outputMaxBytes?: number;
}

interface Remote {
  client: ComfyUiClient;
  socket: ComfyUiSocket;
}

/** Runs workflows on a ComfyUI server (DESIGN section 5, comfyui-protocol.md section 12). */
export class ComfyUiProvider implements GenerationProvider {
  readonly name = 'comfyui' as const;
  private readonly remote: Remote | null;
  private readonly logger: Logger | undefined;
  private readonly timing: RunTiming;
  private readonly leftBehind: LeftBehindPrompts;

  constructor(
    private readonly config: ComfyUiConfig,
    private readonly options: ComfyUiProviderOptions = {},
  ) {
    this.logger = options.logger?.child({ provider: 'comfyui' });
    this.timing = {
      pollIntervalMs: options.pollIntervalMs ?? 1500,
      lostPromptGraceMs: options.lostPromptGraceMs ?? 10_000,
      unreachableToleranceMs: options.unreachableToleranceMs ?? 60_000,
      historyRetryMs: options.historyRetryMs ?? [0, 150, 300, 600, 1200],
      // a prompt that runs longer than an item may is interrupted by its worker (ours) or is not ours:
      // twice that with nothing new started, ComfyUI is stuck
      queueStallMs: options.queueStallMs ?? 2 * config.itemTimeoutS * 1000,
    };
    this.leftBehind = new LeftBehindPrompts(this.logger);
    // A missing URL fails the jobs that need ComfyUI, not the start-up of a worker that may never.
    this.remote = config.url ? this.connectTo(config.url) : null;
  }

  /** The socket's clientId, sent as every prompt's client_id. */
  get clientId(): string | undefined {
    return this.remote?.socket.clientId;
  }

  async generate(request: GenerationRequest): Promise<GenerationOutcome> {
    if (!this.remote) {
      throw new ProviderError('ComfyUI is not configured (COMFYUI_URL)', { retryable: false, scope: 'job' });
    }
    if (request.signal.aborted) throw new GenerationCancelledError();
    // COMFYUI_ITEM_TIMEOUT_S is how long the item may run: the clock starts when ComfyUI starts it,
    // not while it waits behind other prompts (several workers, or WORKER_CONCURRENCY > 1, share one ComfyUI)
    const deadline = new AbortController();
    let clock: NodeJS.Timeout | undefined;
    const startClock = () => {
      clock ??= setTimeout(() => deadline.abort(), this.config.itemTimeoutS * 1000);
    };
    const stop = AbortSignal.any([request.signal, deadline.signal]);
    try {
      return await this.run(this.remote, request, stop, startClock);
    } catch (error) {
      if (request.signal.aborted) throw new GenerationCancelledError();
      if (deadline.signal.aborted) {
        throw new ProviderError(`ComfyUI did not finish within ${this.config.itemTimeoutS} s`, { retryable: true });
      }
      throw error;
    } finally {
      clearTimeout(clock);
    }
  }

  /** Closes the socket; call on shutdown. */
  async close(): Promise<void> {
    await this.remote?.socket.close();
  }

  private connectTo(url: string): Remote {
    const endpoint = new ComfyUiEndpoint(url);
    const socket = new ComfyUiSocket(endpoint, {
      reconnectBaseMs: this.options.reconnectBaseMs ?? 500,
      reconnectMaxMs: this.options.reconnectMaxMs ?? 30_000,
      pingIntervalMs: this.options.pingIntervalMs ?? 20_000,
      handshakeTimeoutMs: this.config.requestTimeoutMs,
      logger: this.logger,
    });
    const client = new ComfyUiClient(endpoint, this.config.requestTimeoutMs, this.options.outputMaxBytes);
    // ComfyUI is back: what it still holds of ours that nobody follows any more is taken off now
    socket.onStateChange((open) => open && void this.leftBehind.cancelAll(client));
    return { client, socket };
  }

  private async run(
    remote: Remote,
    request: GenerationRequest,
    stop: AbortSignal,
    onStarted: () => void,
  ): Promise<GenerationOutcome> {
    const { client, socket } = remote;
    const injected = await this.prepareGraph(client, request, stop);
    const promptId = randomUUID();
    const logger = this.logger?.child({ jobId: request.jobId, batchIndex: request.batchIndex, promptId });

    // Run events only reach the socket named by client_id, so it must be open before the POST.
    if (!(await socket.ensureOpen(this.options.socketOpenTimeoutMs ?? 5000))) {
      logger?.warn('ComfyUI socket not open; following the run by polling');
    }
    await this.leftBehind.cancelAll(client);
    const tag = { owner: this.options.owner ?? 'atelier', job_id: request.jobId, batch_index: request.batchIndex };
    // only on an item's first try here: a retry's earlier prompt is ours, already cancelled or left
    // behind; and should a lapsed lock have let another runner take this job, the two would
    // otherwise cancel each other's prompt try after try (the first try of each still cancels once)
    if ((request.attempt ?? 1) === 1) await cancelEarlierPrompts(client, tag, this.leftBehind, logger);
    const mailbox = new RunMailbox();
    let unsubscribe = socket.subscribe(promptId, (event) => mailbox.push(event));
    const unwatch = socket.onStateChange((open) => open && mailbox.requestResync());
    try {
      const runId = await submitPrompt(
        client,
        { prompt: injected.graph, client_id: socket.clientId, prompt_id: promptId, extra_data: itemExtraData(tag) },
        {
          attempts: this.options.submitAttempts ?? 3,
          unreachableToleranceMs: this.timing.unreachableToleranceMs,
          signal: stop,
          logger,
        },
      );
      if (runId !== promptId) {
        // Events sent under its id before now were not ours to see: the loop starts by asking queue and history.
        logger?.warn({ runId }, 'ComfyUI made its own prompt id (a server older than July 2025); following that one');
        unsubscribe();
        unsubscribe = socket.subscribe(runId, (event) => mailbox.push(event));
        mailbox.requestResync();
      }
      request.onSubmitted?.();
      const entry = await followRun({
        client,
        socket,
        mailbox,
        promptId: runId,
        stop,
        onProgress: (value, max) => this.reportProgress(request, value, max),
        onStarted,
        timing: this.timing,
        logger,
      }).catch(async (error: unknown) => {
        // however following ended, the item may be sent again under a new id, and this one must not
        // run beside it: unreachable past the tolerance, it is taken off once ComfyUI answers again
        if (error instanceof ComfyUiTransportError || !(await cancelPrompt(client, runId, logger)))
          this.leftBehind.add(runId);
        throw error;
      });
      const failure = historyFailure(entry);
      if (failure) throw failure;
      const items = outputItems(entry);
      if (!items.length) throw new ProviderError('ComfyUI produced no output', { retryable: false });
      return {
        status: 'produced',
        // the run ended in time; its files are bounded by silence (the client's idle timeout), not by
        // the item's clock, so a long video fetched near the limit is not rendered all over again
        files: await downloadOutputs(client, items, request.workDir, request.signal),
        seedUsed: seedUsed(injected),
      };
    } finally {
      unsubscribe();
      unwatch();
    }
  }

  private async prepareGraph(
    client: ComfyUiClient,
    request: GenerationRequest,
    stop: AbortSignal,
  ): Promise<InjectedGraph> {
    const uploaded: Record<string, string> = {};
    for (const [name, asset] of Object.entries(request.assets)) {
      uploaded[name] = await client.uploadImage(asset.path, asset.filename, `atelier/${request.jobId}`, stop);
    }
    const { workflow, jobId, seed, values } = request;
    return injectGraph({ workflow, jobId, seed, values, uploaded });
  }

  private reportProgress(request: GenerationRequest, value: number, max: number): void {
    try {
      request.onProgress(value, max);
    } catch (error) {
      this.logger?.warn({ err: error }, 'Progress listener failed');
    }
  }
}
