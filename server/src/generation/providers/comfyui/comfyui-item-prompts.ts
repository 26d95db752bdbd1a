import type { Logger } from 'pino';
import { cancelPrompt } from './comfyui-cancel.js';
import type { ComfyUiClient, QueueState } from './comfyui-client.js';
import type { LeftBehindPrompts } from './comfyui-left-behind.js';

/**
 * Written into every prompt's `extra_data`, which ComfyUI keeps with it in its queue: which Atelier
 * (`owner`, one per deployment) sent it and for which item. A worker killed mid-item leaves its
 * prompt queued or running there, and the worker that takes the job over finds it by this.
 */
export interface ItemTag {
  owner: string;
  job_id: number;
  batch_index: number;
}

export function itemExtraData(tag: ItemTag): { atelier: ItemTag } {
  return { atelier: tag };
}

function isTagged(extraData: unknown, tag: ItemTag): boolean {
  if (!extraData || typeof extraData !== 'object') return false;
  const written = (extraData as { atelier?: Partial<ItemTag> }).atelier;
  return written?.owner === tag.owner && written.job_id === tag.job_id && written.batch_index === tag.batch_index;
}

/** Ids of the prompts queued or running on ComfyUI for this item. */
export function promptsOfItem(queue: QueueState, tag: ItemTag): string[] {
  return [...queue.extraData].filter(([, extra]) => isTagged(extra, tag)).map(([id]) => id);
}

/**
 * Before an item is sent, takes off ComfyUI what was sent for it earlier and is followed by no one:
 * the prompt of a worker killed mid-item (SIGKILL, a lost machine) would otherwise run beside, or
 * hold up, the one sent now. Only one runner holds a job at a time, so nothing of ours still
 * follows such a prompt. One that cannot be taken off now is kept with the left-behind prompts.
 */
export async function cancelEarlierPrompts(
  client: ComfyUiClient,
  tag: ItemTag,
  leftBehind: LeftBehindPrompts,
  logger?: Logger,
): Promise<void> {
  let earlier: string[];
  try {
    earlier = promptsOfItem(await client.getQueue(), tag);
  } catch (error) {
    // ComfyUI unreachable: sending the prompt meets the same trouble and waits for it
    logger?.warn({ err: error }, 'could not read the ComfyUI queue for earlier prompts of this item');
    return;
  }
  for (const promptId of earlier) {
    if (await cancelPrompt(client, promptId, logger)) {
      logger?.warn({ earlierPromptId: promptId }, 'Cancelled a ComfyUI prompt an earlier run of this item left');
    } else {
      leftBehind.add(promptId);
    }
  }
}
