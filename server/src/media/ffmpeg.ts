import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Enough for a 2 s clip or one poster frame; a hung ffmpeg must never hold a worker slot. */
const DEFAULT_TIMEOUT_MS = 60_000;
/** Only the end of stderr is kept for error messages; ffmpeg can be very chatty. */
const STDERR_TAIL_CHARS = 2_000;

let resolvedPath: string | undefined;

/**
 * The static ffmpeg binary of `@ffmpeg-installer/ffmpeg`. Resolved on first use, not at import,
 * because the installer throws a bare string when its platform package is missing, which would
 * otherwise take the whole process down at start-up instead of failing the one media task.
 */
export function ffmpegPath(): string {
  if (resolvedPath) return resolvedPath;
  try {
    const installer = require('@ffmpeg-installer/ffmpeg') as { path: string };
    resolvedPath = installer.path;
    return resolvedPath;
  } catch (error) {
    throw new Error(`The ffmpeg binary of @ffmpeg-installer/ffmpeg is not available: ${String(error)}`);
  }
}

export interface FfmpegRun {
  stdout: Buffer;
  stderr: string;
}

export interface FfmpegOptions {
  /** Kills ffmpeg when aborted; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Thrown when ffmpeg exits non-zero, times out or cannot start; the message ends with its stderr. */
export class FfmpegError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/**
 * Runs ffmpeg with `args` (no shell), collecting stdout as bytes and the tail of stderr. On abort or
 * timeout the process is killed and the promise settles only once it has exited, so the caller can
 * safely delete what it was writing.
 */
export function runFfmpeg(args: readonly string[], options: FfmpegOptions = {}): Promise<FfmpegRun> {
  const { signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  return new Promise<FfmpegRun>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    let stopReason: Error | undefined;

    const stop = (reason: Error): void => {
      stopReason ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = (): void => stop(signal?.reason as Error);
    const timer = setTimeout(() => stop(new FfmpegError(`ffmpeg timed out after ${timeoutMs} ms`)), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    const cleanUp = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };

    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
    });
    child.once('error', (error) => {
      cleanUp();
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.once('close', (code) => {
      cleanUp();
      if (stopReason) reject(stopReason);
      else if (code === 0) resolve({ stdout: Buffer.concat(chunks), stderr });
      else reject(new FfmpegError(`ffmpeg exited with code ${String(code)}: ${stderr.trim()}`));
    });
  });
}
