import type { Logger } from 'pino';
import type { ComfyUiClient } from './comfyui-client.js';
import { pause } from './comfyui-run-mailbox.js';

const CONFIRM_ATTEMPTS = 3;
const CONFIRM_PAUSE_MS = 200;

/**
 * Takes our prompt off ComfyUI: pending ones are deleted from the queue, a running one is
 * interrupted (only it: the interrupt names the prompt). The queue is read again after each step,
 * because a pending prompt may start between our read and the delete. Best effort, bounded: true
 * once ComfyUI shows it neither pending nor running, false when that could not be seen.
 */
export async function cancelPrompt(client: ComfyUiClient, promptId: string, logger?: Logger): Promise<boolean> {
  try {
    for (let attempt = 0; attempt < CONFIRM_ATTEMPTS; attempt++) {
      const queue = await client.getQueue();
      if (queue.pending.includes(promptId)) await client.deletePending([promptId]);
      else if (queue.running.includes(promptId)) await client.interrupt(promptId);
      else return true;
      await pause(CONFIRM_PAUSE_MS);
    }
    logger?.warn({ promptId }, 'ComfyUI prompt still queued or running after cancelling');
    return false;
  } catch (error) {
    logger?.warn({ promptId, err: error }, 'Could not cancel the ComfyUI prompt');
    return false;
  }
}
