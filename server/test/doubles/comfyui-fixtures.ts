import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConfigurableParam } from '@atelier/shared';
import type { GenerationRequest, ProviderWorkflow } from '../../src/generation/providers/generation-provider.js';
import {
  ComfyUiProvider,
  type ComfyUiProviderOptions,
} from '../../src/generation/providers/comfyui/comfyui.provider.js';

/** Short timings so fault tests take a second, not the production ten. */
export const FAST_TIMINGS: ComfyUiProviderOptions = {
  pollIntervalMs: 100,
  lostPromptGraceMs: 400,
  historyRetryMs: [0, 50, 100],
  reconnectBaseMs: 50,
  reconnectMaxMs: 200,
  socketOpenTimeoutMs: 2000,
  unreachableToleranceMs: 1000,
};

export function makeProvider(
  url: string,
  options: ComfyUiProviderOptions & { itemTimeoutS?: number } = {},
): ComfyUiProvider {
  return new ComfyUiProvider(
    { url, itemTimeoutS: options.itemTimeoutS ?? 20, requestTimeoutMs: 2000 },
    { ...FAST_TIMINGS, ...options },
  );
}

/**
 * A txt2img graph in API format, small enough to read in a failure message. Any input may be given
 * as a slug base takes it, the name of an override (`'override_prompt'`).
 */
export function smallTxt2imgGraph({
  text = 'a default prompt',
  steps = 4,
  seed = 1,
  prefix = 'atelier-test',
}: { text?: unknown; steps?: unknown; seed?: unknown; prefix?: string } = {}): Record<string, unknown> {
  return {
    '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd15.safetensors' } },
    '2': { class_type: 'CLIPTextEncode', inputs: { text, clip: ['1', 1] } },
    '3': { class_type: 'EmptyLatentImage', inputs: { width: 64, height: 64, batch_size: 1 } },
    '4': {
      class_type: 'KSampler',
      inputs: {
        seed,
        steps,
        cfg: 7,
        sampler_name: 'euler',
        scheduler: 'normal',
        denoise: 1,
        model: ['1', 0],
        positive: ['2', 0],
        negative: ['2', 0],
        latent_image: ['3', 0],
      },
    },
    '5': { class_type: 'VAEDecode', inputs: { samples: ['4', 0], vae: ['1', 2] } },
    '6': { class_type: 'SaveImage', inputs: { filename_prefix: prefix, images: ['5', 0] } },
  };
}

/** A txt2img graph in API format, with an img2img-style LoadImage and a PreviewImage beside SaveImage. */
export function txt2imgGraph(steps = 4): Record<string, unknown> {
  return {
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd15.safetensors' } },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'default prompt', clip: ['4', 1] } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['4', 1] } },
    '10': { class_type: 'LoadImage', inputs: { image: 'example.png' } },
    '3': {
      class_type: 'KSampler',
      inputs: {
        seed: 1,
        steps,
        cfg: 7,
        sampler_name: 'euler',
        scheduler: 'normal',
        denoise: 1,
        model: ['4', 0],
        positive: ['6', 0],
        negative: ['7', 0],
        latent_image: ['5', 0],
      },
    },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] } },
    '11': { class_type: 'PreviewImage', inputs: { images: ['8', 0] } },
  };
}

export const TXT2IMG_PARAMS: Record<string, ConfigurableParam> = {
  prompt: { type: 'text', node: '6', input: 'text' },
  steps: { type: 'number', node: '3', input: 'steps' },
  seed: { type: 'seed_control', node: '3', input: 'seed' },
  init_image: { type: 'asset', node: '10', input: 'image' },
};

export function jsonWorkflow(graph: Record<string, unknown> = txt2imgGraph()): ProviderWorkflow {
  return {
    id: 1,
    name: 'txt2img',
    type: 'comfyui',
    slug: null,
    graph,
    configurableParams: TXT2IMG_PARAMS,
    generationType: 'image',
    eok: {
      runtime: null,
      provider: 'comfyui',
      bucketName: null,
      downloadDir: null,
      preClassification: 'permissive',
      postClassification: 'permissive',
    },
  };
}

const tempDirs: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-comfyui-'));
  tempDirs.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export interface TestRequest extends GenerationRequest {
  controller: AbortController;
  progress: Array<[number, number]>;
}

export async function makeRequest(overrides: Partial<GenerationRequest> = {}): Promise<TestRequest> {
  const controller = new AbortController();
  const progress: Array<[number, number]> = [];
  return {
    jobId: 42,
    batchIndex: 0,
    seed: 987_654_321,
    workflow: jsonWorkflow(),
    values: { prompt: 'a red fox in snow', steps: 4 },
    assets: {},
    apiKey: null,
    workDir: await tempDir(),
    signal: controller.signal,
    onProgress: (value, max) => progress.push([value, max]),
    ...overrides,
    controller,
    progress,
  };
}

/** An asset file outside any work dir, as the pipeline resolves them. */
export async function writeAsset(name: string, bytes: Buffer): Promise<string> {
  const file = path.join(await tempDir(), name);
  await writeFile(file, bytes);
  return file;
}

/** What a promise settled with, so a rejection can be inspected without racing its handler. */
export function settle<T>(promise: Promise<T>): Promise<T | Error> {
  return promise.then(
    (value) => value,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );
}
