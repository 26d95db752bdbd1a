import { GenerationCancelledError } from '../generation-provider.js';

/** Waits `ms`, or rejects with GenerationCancelledError as soon as `signal` aborts (also when it already has). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(new GenerationCancelledError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new GenerationCancelledError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new GenerationCancelledError();
}
