import { setTimeout as sleep } from 'node:timers/promises';
import type { ComfyUiEvent } from './comfyui-wire.js';

/**
 * Collects one prompt's socket events between turns of the run loop, and wakes the loop when an
 * event arrives or the socket reconnects (gaps are not replayed, so the loop must resync).
 */
export class RunMailbox {
  private events: ComfyUiEvent[] = [];
  private resync = false;
  private wake: (() => void) | null = null;

  push(event: ComfyUiEvent): void {
    this.events.push(event);
    this.notify();
  }

  requestResync(): void {
    this.resync = true;
    this.notify();
  }

  drain(): ComfyUiEvent[] {
    return this.events.splice(0);
  }

  takeResync(): boolean {
    const resync = this.resync;
    this.resync = false;
    return resync;
  }

  /** Resolves when something arrives, `ms` pass or `signal` aborts, whichever comes first. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    if (this.events.length || this.resync || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.wake = done;
    });
  }

  private notify(): void {
    this.wake?.();
  }
}

/** Sleeps `ms`, cut short (without throwing) when `signal` aborts. */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    // aborted: the caller checks the signal
  }
}
