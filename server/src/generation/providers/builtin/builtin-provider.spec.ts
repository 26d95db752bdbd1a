import { mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractPosterFrame, probeImage, probeVideo } from '../../../media/media-processing.js';
import {
  GenerationCancelledError,
  type GenerationOutcome,
  type GenerationRequest,
  type ProducedFile,
  type ProviderWorkflow,
} from '../generation-provider.js';
import { BuiltinProvider } from './builtin-provider.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'builtin-provider-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

type Classification = 'permissive' | 'strict';
interface RequestOptions {
  seed?: number;
  values?: Record<string, unknown>;
  generationType?: 'image' | 'video';
  pre?: Classification;
  post?: Classification;
  signal?: AbortSignal;
  progress?: Array<[number, number]>;
}

let workDirs = 0;
async function makeRequest(options: RequestOptions = {}): Promise<GenerationRequest> {
  const workDir = path.join(root, String(++workDirs));
  await mkdir(workDir);
  const workflow: ProviderWorkflow = {
    id: 1,
    name: 'Builtin test',
    type: 'slug',
    slug: 'sample',
    graph: null,
    configurableParams: null,
    generationType: options.generationType ?? 'image',
    eok: {
      runtime: null,
      provider: 'novita',
      bucketName: null,
      downloadDir: null,
      preClassification: options.pre ?? 'permissive',
      postClassification: options.post ?? 'permissive',
    },
  };
  return {
    jobId: 7,
    batchIndex: 0,
    seed: options.seed ?? 42,
    workflow,
    values: options.values ?? { prompt: 'a lighthouse at dusk', width: 64, height: 64 },
    assets: {},
    apiKey: null,
    workDir,
    signal: options.signal ?? new AbortController().signal,
    onProgress: (value, max) => options.progress?.push([value, max]),
  };
}

const provider = (itemDelayMs = 0) => new BuiltinProvider({ itemDelayMs, blockedWords: ['gore', 'nude'] });

function producedFile(outcome: GenerationOutcome): ProducedFile {
  if (outcome.status !== 'produced') throw new Error(`expected files, got ${outcome.reason}`);
  expect(outcome.files).toHaveLength(1);
  return outcome.files[0]!;
}

async function generateBytes(options: RequestOptions): Promise<Buffer> {
  return readFile(producedFile(await provider().generate(await makeRequest(options))).path);
}

/** Mean absolute difference per channel (0..255) of two same-size images. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [rawA, rawB] = await Promise.all([a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()));
  let total = 0;
  for (let i = 0; i < rawA!.length; i++) total += Math.abs(rawA![i]! - rawB![i]!);
  return total / rawA!.length;
}

describe('builtin provider: images', () => {
  it('writes a PNG into the work dir, byte-identical for the same seed, prompt and size', async () => {
    const values = { prompt: 'a red fox in snow', width: 256, height: 192 };
    const request = await makeRequest({ values, seed: 1234 });
    const file = producedFile(await provider().generate(request));
    expect(file).toEqual({ path: path.join(request.workDir, 'output.png'), contentType: 'image/png' });
    expect((await sharp(file.path).metadata()).format).toBe('png');
    expect(await readFile(file.path)).toEqual(await generateBytes({ values, seed: 1234 }));
  });

  it('gives a visibly different image for another seed, and different bytes for another prompt', async () => {
    const values = { prompt: 'a red fox in snow', width: 128, height: 128 };
    const first = await generateBytes({ values, seed: 1 });
    expect(await meanDifference(first, await generateBytes({ values, seed: 2 }))).toBeGreaterThan(15);
    expect(first.equals(await generateBytes({ values: { ...values, prompt: 'a blue fox' }, seed: 1 }))).toBe(false);
  });

  it('honours the size from either key style and clamps it to 16..2048', async () => {
    const size = async (values: Record<string, unknown>) => probeImage(await generateBytes({ values }));
    expect(await size({ prompt: 'p', width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
    expect(await size({ override_prompt: 'p', override_width: '96', override_height: 160 })).toEqual({
      width: 96,
      height: 160,
    });
    expect(await size({ prompt: 'p', width: 3, height: 5000 })).toEqual({ width: 16, height: 2048 });
    expect(await size({ prompt: 'p' })).toEqual({ width: 512, height: 512 });
  });

  it('takes the prompt from override_prompt or the first string value', async () => {
    const bySlugKey = await generateBytes({
      values: { override_prompt: 'a heron', override_width: 200, override_height: 100 },
    });
    const byFirstString = await generateBytes({ values: { text: 'a heron', width: 200, height: 100 } });
    const byPrompt = await generateBytes({ values: { prompt: 'a heron', width: 200, height: 100 } });
    expect(bySlugKey.equals(byPrompt) && byFirstString.equals(byPrompt)).toBe(true);
  });

  it('renders 64x64 cheaply (measured, not asserted)', async () => {
    const runs = 50;
    await generateBytes({ values: { prompt: 'warm-up', width: 64, height: 64 } });
    const started = performance.now();
    for (let i = 0; i < runs; i++)
      await generateBytes({ seed: i, values: { prompt: 'a small tile', width: 64, height: 64 } });
    const perItemMs = (performance.now() - started) / runs;
    process.stdout.write(
      `builtin 64x64 render: ${perItemMs.toFixed(2)} ms per item (${(1000 / perItemMs).toFixed(0)} items/s)\n`,
    );
  });
});

describe('builtin provider: content policy', () => {
  const values = { prompt: 'A scene of GORE, painted', width: 32, height: 32 };

  it('rejects a blocked word under strict pre-classification, at once and without output', async () => {
    const request = await makeRequest({ values, pre: 'strict', post: 'strict' });
    const started = performance.now();
    expect(await provider(5_000).generate(request)).toEqual({
      status: 'rejected',
      reason: 'pre-classification: the prompt contains "gore"',
    });
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(await readdir(request.workDir)).toEqual([]);
  });

  it('rejects at post-classification when only post is strict', async () => {
    const request = await makeRequest({ values, post: 'strict' });
    expect(await provider().generate(request)).toEqual({
      status: 'rejected',
      reason: 'post-classification: the prompt contains "gore"',
    });
    expect(await readdir(request.workDir)).toEqual([]);
  });

  it('never rejects when permissive, nor a clean prompt when strict', async () => {
    expect((await provider().generate(await makeRequest({ values }))).status).toBe('produced');
    const clean = { ...values, prompt: 'a gorge at noon, denuded' };
    expect((await provider().generate(await makeRequest({ values: clean, pre: 'strict' }))).status).toBe('produced');
  });
});

describe('builtin provider: delay and cancellation', () => {
  it('takes the configured time per item and reports progress in steps', async () => {
    const progress: Array<[number, number]> = [];
    const started = performance.now();
    producedFile(await provider(600).generate(await makeRequest({ progress })));
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });

  it('throws GenerationCancelledError quickly when cancelled mid-delay, leaving no output', async () => {
    const controller = new AbortController();
    const request = await makeRequest({ signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const started = performance.now();
    await expect(provider(10_000).generate(request)).rejects.toBeInstanceOf(GenerationCancelledError);
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(await readdir(request.workDir)).toEqual([]);
  });

  it('throws GenerationCancelledError when the signal had already aborted', async () => {
    const request = await makeRequest({ signal: AbortSignal.abort() });
    await expect(provider().generate(request)).rejects.toBeInstanceOf(GenerationCancelledError);
  });
});

describe('builtin provider: videos', () => {
  it('writes a deterministic 2 s VP9 WebM, scaled to at most 640 px, that decodes', async () => {
    const options = {
      generationType: 'video' as const,
      values: { prompt: 'waves', width: 1920, height: 1080 },
      seed: 9,
    };
    const request = await makeRequest(options);
    const file = producedFile(await provider().generate(request));
    expect(file).toEqual({ path: path.join(request.workDir, 'output.webm'), contentType: 'video/webm' });
    expect(await readdir(request.workDir)).toEqual(['output.webm']);

    const probe = await probeVideo(file.path);
    expect(probe).toMatchObject({ container: 'matroska,webm', codec: 'vp9', width: 640, height: 360 });
    expect(probe.durationS).toBeCloseTo(2, 1);
    expect(await probeImage(await extractPosterFrame(file.path))).toEqual({ width: 640, height: 360 });

    const again = producedFile(await provider().generate(await makeRequest(options)));
    expect((await readFile(again.path)).equals(await readFile(file.path))).toBe(true);
  });

  it('throws GenerationCancelledError when cancelled while rendering the clip, leaving no output', async () => {
    const controller = new AbortController();
    const request = await makeRequest({
      generationType: 'video',
      values: { prompt: 'slow', width: 640, height: 640 },
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 30);
    await expect(provider().generate(request)).rejects.toBeInstanceOf(GenerationCancelledError);
    expect(await readdir(request.workDir)).toEqual([]);
  });
});
