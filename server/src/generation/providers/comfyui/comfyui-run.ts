import type { Logger } from 'pino';
import type { ComfyUiClient, QueueState } from './comfyui-client.js';
import { executionError, interruptedError, isPassingTrouble, lostPromptError } from './comfyui-errors.js';
import { pause, type RunMailbox } from './comfyui-run-mailbox.js';
import type { ComfyUiSocket } from './comfyui-socket.js';
import { ProviderError } from '../generation-provider.js';
import { type HistoryEntry, progressSchema } from './comfyui-wire.js';

export interface RunTiming {
  /** How long the socket may stay silent before we ask /history and /queue ourselves. */
  pollIntervalMs: number;
  /** How long a prompt may be in neither queue nor history before it counts as lost. */
  lostPromptGraceMs: number;
  /** How long ComfyUI may stay unreachable while we poll before the item fails. */
  unreachableToleranceMs: number;
  /** Waits between history reads after a "finished" event: the entry can lag the event. */
  historyRetryMs: number[];
  /**
   * How long our prompt may wait while ComfyUI starts nothing new (the same prompt running, or
   * none): past it, ComfyUI is stuck, and waiting on would hold the item for ever.
   */
  queueStallMs: number;
}

export interface RunContext {
  client: ComfyUiClient;
  socket: ComfyUiSocket;
  mailbox: RunMailbox;
  promptId: string;
  /** Aborts on cancel or item timeout; the run then ends with RunStoppedError. */
  stop: AbortSignal;
  onProgress(value: number, max: number): void;
  /** Called (maybe more than once) once ComfyUI runs the prompt, not while it waits in ComfyUI's queue. */
  onStarted(): void;
  timing: RunTiming;
  logger?: Logger;
}

/** Events ComfyUI sends only for the prompt it is running. */
const RUNNING_EVENTS = new Set(['execution_start', 'execution_cached', 'executing', 'progress', 'executed']);

/** The run was stopped from our side; the caller cancels the prompt and says why. */
export class RunStoppedError extends Error {
  constructor() {
    super('Run stopped');
    this.name = 'RunStoppedError';
  }
}

/** Tracks how long the prompt has been missing from ComfyUI, or ComfyUI missing altogether. */
class PromptWatch {
  private missingSince: number | null = null;
  private unreachableSince: number | null = null;
  /** What ComfyUI was running when last seen, and since when: the queue moves when it changes. */
  private running = '';
  private queueMovedAt = Date.now();

  constructor(private readonly ctx: RunContext) {}

  /** The history entry once there is one; throws when the prompt is lost. */
  async poll(): Promise<HistoryEntry | null> {
    const { ctx } = this;
    const { client, promptId, timing } = ctx;
    const now = Date.now();
    let queue: QueueState;
    try {
      const entry = await client.getHistory(promptId);
      if (entry) return entry;
      queue = await client.getQueue();
    } catch (error) {
      // a 500 or an unreadable page from ComfyUI or a proxy says nothing about the prompt: failing
      // here would send the item again beside a prompt that may still run
      if (!isPassingTrouble(error)) throw error;
      this.unreachableSince ??= now;
      if (now - this.unreachableSince >= timing.unreachableToleranceMs) throw error;
      this.ctx.logger?.warn({ promptId, err: error }, 'ComfyUI unreachable while following a run; still polling');
      return null;
    }
    this.unreachableSince = null;
    if (queue.running.includes(promptId)) ctx.onStarted();
    if (queue.pending.includes(promptId)) this.checkQueueMoves(queue, now);
    if (queue.running.includes(promptId) || queue.pending.includes(promptId)) {
      this.missingSince = null;
      return null;
    }
    this.missingSince ??= now;
    if (now - this.missingSince >= timing.lostPromptGraceMs) throw lostPromptError();
    return null;
  }

  /** Every item waits behind the same stuck prompt: the job fails once rather than each item for ever. */
  private checkQueueMoves(queue: QueueState, now: number): void {
    const running = queue.running.join(' ');
    if (running !== this.running) {
      this.running = running;
      this.queueMovedAt = now;
    }
    if (now - this.queueMovedAt >= this.ctx.timing.queueStallMs) throw queueStalledError(this.ctx.timing.queueStallMs);
  }
}

function queueStalledError(stallMs: number): ProviderError {
  return new ProviderError(
    `ComfyUI started nothing new for ${Math.round(stallMs / 1000)} s while our prompt waited: its queue is stuck`,
    { retryable: false, scope: 'job' },
  );
}

async function historyAfterFinish(ctx: RunContext): Promise<HistoryEntry | null> {
  for (const delay of ctx.timing.historyRetryMs) {
    if (delay) await pause(delay, ctx.stop);
    if (ctx.stop.aborted) return null;
    try {
      const entry = await ctx.client.getHistory(ctx.promptId);
      if (entry) return entry;
    } catch (error) {
      if (!isPassingTrouble(error)) throw error;
    }
  }
  return null;
}

/**
 * Follows one prompt to its end and returns its history entry (the truth about how it ended).
 * Socket events drive it; whenever the socket is down or has been silent for a poll interval,
 * /history and /queue are asked instead, so a dropped or detached socket only slows it down.
 */
export async function followRun(ctx: RunContext): Promise<HistoryEntry> {
  const { mailbox, stop, timing } = ctx;
  const watch = new PromptWatch(ctx);
  let nextPollAt = Date.now() + timing.pollIntervalMs;
  let finished = false;
  let failure: Error | null = null;

  while (!stop.aborted) {
    for (const event of mailbox.drain()) {
      nextPollAt = Date.now() + timing.pollIntervalMs;
      if (RUNNING_EVENTS.has(event.type)) ctx.onStarted();
      if (event.type === 'progress') {
        const progress = progressSchema.safeParse(event.data);
        if (progress.success) ctx.onProgress(progress.data.value, progress.data.max);
      } else if (event.type === 'execution_success' || (event.type === 'executing' && event.data.node === null)) {
        finished = true;
      } else if (event.type === 'execution_error') {
        failure = executionError(event.data);
        finished = true;
      } else if (event.type === 'execution_interrupted') {
        failure = interruptedError(false);
        finished = true;
      }
    }
    if (mailbox.takeResync()) nextPollAt = 0;

    if (finished) {
      const entry = await historyAfterFinish(ctx);
      if (entry) return entry;
      if (stop.aborted) break;
      if (failure) throw failure;
      // Success announced but no entry yet: keep polling, which also notices a lost prompt.
      finished = false;
      nextPollAt = 0;
    }
    if (!ctx.socket.isOpen || Date.now() >= nextPollAt) {
      const entry = await watch.poll();
      if (entry) return entry;
      nextPollAt = Date.now() + timing.pollIntervalMs;
    }
    await mailbox.wait(Math.max(0, nextPollAt - Date.now()), stop);
  }
  throw new RunStoppedError();
}
