import { Transform } from 'node:stream';
import { ProviderError } from './generation-provider.js';

/** OUTPUT_MAX_BYTES when unset (config.schema.ts): room for a long video at a high bit rate. */
export const DEFAULT_OUTPUT_MAX_BYTES = 2 * 1024 ** 3;

function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * An output over OUTPUT_MAX_BYTES. Not retried: the server would send the same file again, and
 * each try would fill the disk as far as the limit before failing.
 */
export class OutputTooLargeError extends ProviderError {
  constructor(what: string, maxBytes: number) {
    super(`The generation server sent a file larger than the ${sizeText(maxBytes)} limit (${what})`, {
      retryable: false,
    });
    this.name = 'OutputTooLargeError';
  }
}

/**
 * The pass-through a download is streamed through to disk: each chunk refreshes the silence timer
 * `idle`, and the transfer fails once more than `maxBytes` arrived, however long or endless the
 * answer (a Content-Length may be missing or untrue).
 */
export function downloadMeter(idle: NodeJS.Timeout, maxBytes: number, what: string): Transform {
  let received = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      idle.refresh();
      received += chunk.length;
      if (received > maxBytes) done(new OutputTooLargeError(what, maxBytes));
      else done(null, chunk);
    },
  });
}
