import type { Logger } from 'pino';
import { cancelPrompt } from './comfyui-cancel.js';
import type { ComfyUiClient } from './comfyui-client.js';

/** Past this many, the oldest is forgotten: a ComfyUI gone for good must not grow the set forever. */
const MAX_LEFT_BEHIND = 1000;

/**
 * Prompts we stopped following while ComfyUI could not be reached to take them off: a network
 * cut keeps ComfyUI's queue, so when it comes back it would still run them, beside the retry we
 * queue for the same item. They are cancelled as soon as ComfyUI answers again, and before any
 * new prompt is sent, so the retry never runs beside the prompt it replaces.
 */
export class LeftBehindPrompts {
  private readonly ids = new Set<string>();
  private sweeping: Promise<void> | null = null;

  constructor(private readonly logger?: Logger) {}

  add(promptId: string): void {
    this.ids.add(promptId);
    if (this.ids.size <= MAX_LEFT_BEHIND) return;
    const [oldest] = this.ids;
    if (oldest === undefined) return;
    this.ids.delete(oldest);
    this.logger?.warn(
      { promptId: oldest },
      'Too many ComfyUI prompts left behind; no longer trying to cancel this one',
    );
  }

  /** One sweep at a time: concurrent items wait for the same one rather than cancelling twice. */
  cancelAll(client: ComfyUiClient): Promise<void> {
    if (!this.ids.size) return Promise.resolve();
    this.sweeping ??= this.sweep(client).finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweep(client: ComfyUiClient): Promise<void> {
    for (const promptId of [...this.ids]) {
      const logger = this.logger?.child({ promptId });
      if (!(await cancelPrompt(client, promptId, logger))) return;
      this.ids.delete(promptId);
      logger?.info('Cancelled a ComfyUI prompt left behind while ComfyUI was unreachable');
    }
  }
}
