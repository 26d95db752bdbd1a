import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import type { GenerationRequest, ProviderWorkflow } from '../../src/generation/providers/generation-provider.js';
import { EokProvider } from '../../src/generation/providers/eok/eok.provider.js';
import type { EokTimings } from '../../src/generation/providers/eok/eok-timings.js';

export const SYSTEM_KEY = 'eok-system-0123456789abcdefghijklmnop';
export const USER_KEY = 'eok-user-zyxwvutsrqponmlkjihgfedcba98';

/** Fast enough for tests, with the same shape as the real schedule. */
export const FAST_TIMINGS: EokTimings = {
  pollStartMs: 5,
  pollMaxMs: 20,
  retryBaseMs: 5,
  retryMaxMs: 20,
  maxAttempts: 3,
  itemTimeoutMs: 5000,
  requestTimeoutMs: 2000,
};

export function slugWorkflow(): ProviderWorkflow {
  return {
    id: 7,
    name: 'Portrait',
    type: 'slug',
    slug: 'flux-portrait',
    graph: null,
    configurableParams: null,
    generationType: 'image',
    eok: {
      runtime: 'comfy-0.3',
      provider: 'novita',
      bucketName: 'atelier-out',
      downloadDir: 'portraits',
      preClassification: 'permissive',
      postClassification: 'strict',
    },
  };
}

export interface TestItem extends GenerationRequest {
  progress: Array<[number, number]>;
  controller: AbortController;
}

const workDirs: string[] = [];

export async function testItem(overrides: Partial<GenerationRequest> = {}): Promise<TestItem> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'eok-item-'));
  workDirs.push(workDir);
  const controller = new AbortController();
  const progress: Array<[number, number]> = [];
  return {
    jobId: 42,
    batchIndex: 3,
    seed: 123456789,
    workflow: slugWorkflow(),
    values: { override_prompt: 'a red fox', override_steps: 30 },
    assets: {},
    apiKey: null,
    workDir,
    signal: controller.signal,
    onProgress: (value, max) => progress.push([value, max]),
    ...overrides,
    progress,
    controller,
  };
}

export async function removeWorkDirs(): Promise<void> {
  await Promise.all(workDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** What a promise rejected with (it must reject). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

/** A debug-level pino logger whose every line is kept for assertions. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

export function eokProvider(
  url: string | undefined,
  options: { apiKey?: string; timings?: Partial<EokTimings>; logger?: Logger; outputMaxBytes?: number } = {},
): EokProvider {
  const apiKey = 'apiKey' in options ? options.apiKey : SYSTEM_KEY;
  const config = { url, apiKey, itemTimeoutS: 1800, requestTimeoutMs: 30_000 };
  return new EokProvider(config, {
    logger: options.logger,
    timings: { ...FAST_TIMINGS, ...options.timings },
    outputMaxBytes: options.outputMaxBytes,
  });
}
