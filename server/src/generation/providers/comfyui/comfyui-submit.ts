import type { Logger } from 'pino';
import { GenerationCancelledError } from '../generation-provider.js';
import type { ComfyUiClient, PromptSubmission } from './comfyui-client.js';
import { ComfyUiTransportError, nodeErrorsSummary, refusalError } from './comfyui-errors.js';
import { pause } from './comfyui-run-mailbox.js';
import type { ApiGraph } from './graph-injection.js';

export interface PromptBody {
  prompt: ApiGraph;
  client_id: string;
  /** Our own id (lowercase UUIDv4), so a lost answer can be checked for before resubmitting. */
  prompt_id: string;
  /** Kept by ComfyUI with the prompt and shown in its queue: whose item it is. */
  extra_data?: Record<string, unknown>;
}

const RESUBMIT_PAUSE_MS = 250;
const NOT_SENT_PAUSE_MAX_MS = 2000;

async function comfyUiKnows(client: ComfyUiClient, promptId: string): Promise<boolean> {
  const queue = await client.getQueue();
  if (queue.running.includes(promptId) || queue.pending.includes(promptId)) return true;
  return (await client.getHistory(promptId)) !== null;
}

/**
 * Whether ComfyUI has the prompt, asked up to `attempts` times: null when it could not say. Sending
 * again while unsure would queue a second run of it, since a reused id is queued again.
 */
async function askWhetherComfyUiKnows(
  client: ComfyUiClient,
  promptId: string,
  attempts: number,
  logger?: Logger,
): Promise<boolean | null> {
  for (let ask = 1; ; ask++) {
    try {
      return await comfyUiKnows(client, promptId);
    } catch (error) {
      if (ask >= attempts) return null;
      logger?.warn({ err: error, ask }, 'could not ask ComfyUI whether it has the prompt; asking again');
      await pause(RESUBMIT_PAUSE_MS * ask);
    }
  }
}

/**
 * POST /prompt with an idempotent retry: ComfyUI has no duplicate check, so after a lost answer the
 * prompt is sent again only when the id is in neither /queue nor /history (protocol section 12.2).
 * A POST that never reached ComfyUI (down or restarting) is sent again for as long as a followed
 * run may stay unreachable, and the item is not reported as taken meanwhile.
 * Answers the id ComfyUI runs the prompt under: ours, except on a server older than client-set ids
 * (PR #8189, July 2025), which makes its own and says so only in this answer.
 */
export async function submitPrompt(
  client: ComfyUiClient,
  body: PromptBody,
  options: { attempts: number; unreachableToleranceMs: number; signal: AbortSignal; logger?: Logger },
): Promise<string> {
  let lostAnswers = 0;
  let unreachableSince: number | null = null;
  for (let tries = 1; ; tries++) {
    if (options.signal.aborted) throw new GenerationCancelledError();
    let submission: PromptSubmission;
    try {
      submission = await client.submitPrompt({ ...body });
    } catch (error) {
      if (!(error instanceof ComfyUiTransportError) || options.signal.aborted) throw error;
      if (error.notSent) {
        unreachableSince ??= Date.now();
        if (Date.now() - unreachableSince >= options.unreachableToleranceMs) throw error;
        options.logger?.warn({ err: error }, 'ComfyUI unreachable; sending the prompt again');
        await pause(Math.min(NOT_SENT_PAUSE_MAX_MS, RESUBMIT_PAUSE_MS * tries), options.signal);
        continue;
      }
      lostAnswers++;
      // asked on the last attempt too: failing there would have the item's retry queue it a second time
      const known = await askWhetherComfyUiKnows(client, body.prompt_id, options.attempts, options.logger);
      if (known) {
        options.logger?.info({ err: error }, 'POST /prompt answer lost, but ComfyUI has the prompt');
        return body.prompt_id;
      }
      if (known === null) {
        // following it finds out: a prompt in neither queue nor history after the grace is reported lost
        options.logger?.warn(
          { err: error },
          'POST /prompt answer lost and ComfyUI cannot say whether it has the prompt; following it',
        );
        return body.prompt_id;
      }
      if (lostAnswers >= options.attempts) throw error;
      options.logger?.warn(
        { err: error, attempt: lostAnswers },
        'POST /prompt failed before ComfyUI queued it; sending again',
      );
      await pause(RESUBMIT_PAUSE_MS * lostAnswers, options.signal);
      continue;
    }
    if (!submission.accepted) throw refusalError(submission.refusal);
    if (Object.keys(submission.nodeErrors).length) {
      // A 200 with node_errors: invalid outputs were dropped, the valid ones run (protocol section 2).
      options.logger?.warn(
        { nodeErrors: nodeErrorsSummary(submission.nodeErrors) },
        'ComfyUI runs only part of the workflow',
      );
    }
    return submission.promptId;
  }
}
