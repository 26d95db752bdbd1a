import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyHint } from '../../src/generation/providers/eok/eok-api-key.js';
import { pino } from 'pino';
import type { Runtime } from '../../src/common/runtime.js';
import { GenerationCancelledError, ProviderError } from '../../src/generation/providers/generation-provider.js';
import { ItemRunner, MediaStorageError } from '../../src/pipeline/item-runner.js';
import { MediaStore } from '../../src/pipeline/media-store.js';
import { EokDouble } from '../doubles/eok-double.js';
import {
  SYSTEM_KEY,
  USER_KEY,
  capturingLogger,
  eokProvider,
  rejection,
  removeWorkDirs,
  testItem,
} from '../doubles/eok-fixtures.js';

let double: EokDouble;

beforeEach(async () => {
  double = await EokDouble.start({ slugs: ['flux-portrait'], steps: 3 });
});

afterEach(async () => {
  await double.close();
  await removeWorkDirs();
});

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('EokProvider against the eok double', () => {
  it('submits the contract body, follows progress and downloads every output into workDir', async () => {
    double.outputs(2);
    const item = await testItem();

    const outcome = await eokProvider(double.url).generate(item);

    const [submit] = double.received('POST', '/v1/generations');
    expect(submit?.body).toEqual({
      slug: 'flux-portrait',
      runtime: 'comfy-0.3',
      provider: 'novita',
      generation_type: 'image',
      bucket_name: 'atelier-out',
      download_dir: 'portraits',
      pre_classification_type: 'permissive',
      post_classification_type: 'strict',
      seed: 123456789,
      overrides: { override_prompt: 'a red fox', override_steps: 30 },
      batch_index: 3,
    });
    expect(submit?.headers['idempotency-key']).toBe('42:3');
    expect(submit?.headers.authorization).toBe(`Bearer ${SYSTEM_KEY}`);
    expect(
      double.received('GET', '/v1/generations/').every((r) => r.headers.authorization === `Bearer ${SYSTEM_KEY}`),
    ).toBe(true);
    expect(item.progress).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);

    expect(outcome.status).toBe('produced');
    if (outcome.status !== 'produced') return;
    expect(outcome.files).toEqual([
      { path: path.join(item.workDir, 'output-0.png'), contentType: 'image/png' },
      { path: path.join(item.workDir, 'output-1.png'), contentType: 'image/png' },
    ]);
    expect((await sharp(await readFile(outcome.files[0]?.path ?? '')).metadata()).format).toBe('png');
    expect((await readdir(item.workDir)).sort()).toEqual(['output-0.png', 'output-1.png']);
  });

  it("uses the submitting user's key when it has one", async () => {
    double.requireKey(USER_KEY);
    const outcome = await eokProvider(double.url).generate(await testItem({ apiKey: USER_KEY }));
    expect(outcome.status).toBe('produced');
    expect(double.requests.filter((r) => r.path.startsWith('/v1/')).map((r) => r.headers.authorization)).toSatisfy(
      (keys: unknown[]) => keys.length > 0 && keys.every((k) => k === `Bearer ${USER_KEY}`),
    );
  });

  it('takes the content type from the download when the output declares none', async () => {
    double.outputs(1, { declareContentType: false });
    const item = await testItem();
    const outcome = await eokProvider(double.url).generate(item);
    expect(outcome).toEqual({
      status: 'produced',
      files: [{ path: path.join(item.workDir, 'output-0.png'), contentType: 'image/png' }],
    });
  });

  it('fails the job without any request when there is no API key at all', async () => {
    const error = await providerError(eokProvider(double.url, { apiKey: undefined }).generate(await testItem()));
    expect(error).toMatchObject({
      message: 'No API key for the external generation server',
      scope: 'job',
      retryable: false,
    });
    expect(double.requests).toHaveLength(0);
  });

  it('waits out Retry-After on 429 and resubmits under the same Idempotency-Key: one generation', async () => {
    double.respondTimes(429, 1, 1);
    const outcome = await eokProvider(double.url).generate(await testItem());

    expect(outcome.status).toBe('produced');
    const submits = double.received('POST', '/v1/generations');
    expect(submits).toHaveLength(2);
    expect(submits.map((s) => s.headers['idempotency-key'])).toEqual(['42:3', '42:3']);
    expect((submits[1]?.at ?? 0) - (submits[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(double.generationCount).toBe(1);
  });

  it('retries 5xx on submit and on status polls, then succeeds', async () => {
    double.respondTimes(503, 2).respondTimes(502, 2, undefined, 'status');
    const outcome = await eokProvider(double.url).generate(await testItem());
    expect(outcome.status).toBe('produced');
    expect(double.received('POST', '/v1/generations')).toHaveLength(3);
    expect(double.generationCount).toBe(1);
  });

  it('finds the same generation when a submit was created but answered 5xx', async () => {
    double.respondTimes(500, 1, undefined, 'submit-after-create');
    const outcome = await eokProvider(double.url).generate(await testItem());
    expect(outcome.status).toBe('produced');
    expect(double.received('POST', '/v1/generations')).toHaveLength(2);
    expect(double.generationCount).toBe(1);
  });

  it('gives up after the bounded attempts on endless 5xx with a retryable item error', async () => {
    double.respondTimes(503, 1000);
    const error = await providerError(
      eokProvider(double.url, { timings: { maxAttempts: 4 } }).generate(await testItem()),
    );
    expect(error).toMatchObject({ retryable: true, scope: 'item' });
    expect(error.message).toContain('HTTP 503');
    expect(double.received('POST', '/v1/generations')).toHaveLength(4);
  });

  it('answers a classification refusal as a rejected outcome with its reason', async () => {
    double.reject([3], 'post-classification: nsfw');
    const item = await testItem();
    const outcome = await eokProvider(double.url).generate(item);
    expect(outcome).toEqual({ status: 'rejected', reason: 'post-classification: nsfw' });
    expect(await readdir(item.workDir)).toEqual([]);
  });

  it("turns a failed generation into a final item error carrying the server's text", async () => {
    double.fail([3], 'CUDA out of memory');
    const error = await providerError(eokProvider(double.url).generate(await testItem()));
    expect(error).toMatchObject({ message: 'CUDA out of memory', retryable: false, scope: 'item' });
  });

  it('ends the job on 401, 404 and 422 without retrying', async () => {
    double.requireKey('some-other-key');
    const refused = await providerError(eokProvider(double.url).generate(await testItem()));
    expect(refused).toMatchObject({
      message: 'The external generation server refused the API key',
      scope: 'job',
      retryable: false,
    });
    expect(double.received('POST', '/v1/generations')).toHaveLength(1);

    const unknownSlug = await testItem();
    unknownSlug.workflow.slug = 'no-such-slug';
    const missing = await providerError(eokProvider(double.url, { apiKey: 'some-other-key' }).generate(unknownSlug));
    expect(missing).toMatchObject({
      message: 'Unknown workflow slug on the external generation server: no-such-slug',
      scope: 'job',
    });

    double.invalidOverrides('override_steps must be at most 50');
    const invalid = await providerError(
      eokProvider(double.url, { apiKey: 'some-other-key' }).generate(await testItem()),
    );
    expect(invalid).toMatchObject({ message: 'override_steps must be at most 50', scope: 'job', retryable: false });
    expect(double.received('POST', '/v1/generations')).toHaveLength(3);
  });

  it('bounds the wait on a generation that never finishes', async () => {
    double.hang();
    const started = Date.now();
    const error = await providerError(
      eokProvider(double.url, { timings: { itemTimeoutMs: 300 } }).generate(await testItem()),
    );
    expect(error).toMatchObject({
      message: expect.stringMatching(/^Timed out after 0.3 s/),
      retryable: false,
      scope: 'item',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    // the generation no one waits for any more is stopped on the server
    const generation = double.generations[0]!;
    expect(double.received('POST', `/v1/generations/${generation.id}/cancel`)).toHaveLength(1);
    expect(generation.status).toBe('cancelled');
  });

  it("counts EOK_ITEM_TIMEOUT_S from the item's first attempt: a retry that starts past it only stops the generation", async () => {
    double.hang().respondTimes(503, 1000, undefined, 'status');
    const provider = eokProvider(double.url, { timings: { itemTimeoutMs: 60_000 } });
    const itemStartedAt = Date.now();
    // the first attempt: the generation is made, then every status poll fails
    const first = await providerError(provider.generate(await testItem({ itemStartedAt })));
    expect(first).toMatchObject({ retryable: true, message: expect.stringContaining('HTTP 503') as string });
    const generation = double.generations[0]!;
    // left to the retry, which follows the same generation
    expect(generation.status).toBe('queued');
    const polls = double.received('GET', `/v1/generations/${generation.id}`).length;

    // the pipeline's retry, begun after the item's time ran out
    const late = await providerError(provider.generate(await testItem({ itemStartedAt: itemStartedAt - 60_000 })));

    expect(late).toMatchObject({ retryable: false, message: 'Timed out after 60 s on the external generation server' });
    expect(double.received('GET', `/v1/generations/${generation.id}`)).toHaveLength(polls);
    expect(double.received('POST', `/v1/generations/${generation.id}/cancel`)).toHaveLength(1);
    expect(generation.status).toBe('cancelled');
    expect(double.generationCount).toBe(1);
  });

  it('fails at once when the server asks for a wait past the item time, instead of holding the worker', async () => {
    double.respondTimes(429, 1, 6);
    const started = Date.now();
    const error = await providerError(
      eokProvider(double.url, { timings: { itemTimeoutMs: 1000 } }).generate(await testItem()),
    );
    expect(error).toMatchObject({
      retryable: false,
      message: 'The external generation server is busy: it asked to wait 6 s, longer than the item may take (1 s)',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    // a 429 made nothing: there is no generation to look up or cancel
    expect(double.received('POST', '/v1/generations')).toHaveLength(1);
    expect(double.generationCount).toBe(0);
  });

  it("stops the generation when the pipeline's last attempt fails, instead of leaving it running", async () => {
    double.hang().respondTimes(503, 1000, undefined, 'status');
    const error = await providerError(eokProvider(double.url).generate(await testItem({ finalAttempt: true })));
    expect(error).toMatchObject({ retryable: true, message: expect.stringContaining('HTTP 503') as string });
    const generation = double.generations[0]!;
    expect(double.received('POST', `/v1/generations/${generation.id}/cancel`)).toHaveLength(1);
    expect(generation.status).toBe('cancelled');
  });

  it("is told by the pipeline's item runner which attempt is the last: only that one stops the generation", async () => {
    double.hang().respondTimes(503, 1000, undefined, 'status');
    const runtime = { config: { generation: { itemMaxAttempts: 2, itemRetryBaseMs: 5 } } } as unknown as Runtime;
    const runner = new ItemRunner(new MediaStore(runtime), runtime, pino({ enabled: false }));
    const cancelsDuringRun: number[] = [];
    const { workDir: _unused, ...item } = await testItem({
      onSubmitted: () => cancelsDuringRun.push(double.received('POST', '/v1/generations/gen_1/cancel').length),
    });

    const result = await runner.run(eokProvider(double.url), { ...item, userId: 7 });

    expect(result).toMatchObject({ kind: 'failed', message: expect.stringContaining('HTTP 503') as string });
    // the first attempt left it to the second, which follows the same generation and then stops it
    expect(cancelsDuringRun).toEqual([0, 0]);
    expect(double.generationCount).toBe(1);
    expect(double.received('POST', '/v1/generations/gen_1/cancel')).toHaveLength(1);
    expect(double.generations[0]!.status).toBe('cancelled');
  });

  it('leaves the item unfailed when our own storage cannot take its output: the job is to be retried', async () => {
    // a media directory that cannot hold one: a file stands where it should be
    const notADir = path.join(await testItem().then((item) => item.workDir), 'media');
    await writeFile(notADir, 'not a directory');
    const runtime = {
      config: { generation: { itemMaxAttempts: 3, itemRetryBaseMs: 5 }, mediaDir: notADir },
    } as unknown as Runtime;
    const runner = new ItemRunner(new MediaStore(runtime), runtime, pino({ enabled: false }));

    const error = await rejection(runner.run(eokProvider(double.url), { ...(await testItem()), userId: 7 }));

    expect(error).toBeInstanceOf(MediaStorageError);
    // made once: the item's own tries are not spent on a disk that is not there
    expect(double.generationCount).toBe(1);
    expect(double.received('POST', '/v1/generations')).toHaveLength(1);
  });

  it('reads past a malformed progress instead of failing a generation that runs', async () => {
    double.answerRaw('status', JSON.stringify({ id: 'gen_1', status: 'running', progress: { value: 12 } }), 5);
    const item = await testItem();
    const outcome = await eokProvider(double.url).generate(item);
    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'image/png' }] });
    expect(double.received('GET', '/v1/generations/gen_1').length).toBeGreaterThan(5);
    expect(item.progress.at(-1)).toEqual([3, 3]);
  });

  it('says an answer off the contract is unreadable, not that the server could not be reached', async () => {
    double.answerRaw('status', '<html>maintenance</html>', 100);
    const error = await providerError(eokProvider(double.url).generate(await testItem()));
    expect(error).toMatchObject({ retryable: true, scope: 'item' });
    expect(error.message).toMatch(
      /^The external generation server sent an unreadable answer \(status of gen_1\): GET \/v1\/generations\/gen_1: /,
    );
  });

  it('fetches an output again when its download stalls, well before the item time runs out', async () => {
    double.stallNextOutput();
    const started = Date.now();
    const provider = eokProvider(double.url, { timings: { requestTimeoutMs: 300, itemTimeoutMs: 20_000 } });
    const outcome = await provider.generate(await testItem());
    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'image/png' }] });
    if (outcome.status !== 'produced') return;
    expect((await sharp(await readFile(outcome.files[0]!.path)).metadata()).format).toBe('png');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(double.received('GET', '/outputs/')).toHaveLength(2);
    expect(double.received('POST', '/v1/generations/gen_1/cancel')).toHaveLength(0);
  });

  it('fails the item for good, keeping no partial file, when an output runs past OUTPUT_MAX_BYTES', async () => {
    double.hugeNextOutput();
    const item = await testItem();
    const error = await providerError(eokProvider(double.url, { outputMaxBytes: 256 * 1024 }).generate(item));
    expect(error).toMatchObject({ retryable: false, scope: 'item' });
    expect(error.message).toBe('The generation server sent a file larger than the 256 KiB limit (0.png)');
    expect(double.received('GET', '/outputs/')).toHaveLength(1);
    expect(await readdir(item.workDir)).toEqual([]);
  });

  it('cancels the generation on the server when the job is cancelled while it runs', async () => {
    double.hang();
    const item = await testItem();
    const running = eokProvider(double.url).generate(item);
    await expect.poll(() => item.progress.length).toBeGreaterThan(0);
    item.controller.abort();

    expect(await rejection(running)).toBeInstanceOf(GenerationCancelledError);
    expect(double.received('POST', '/v1/generations/gen_1/cancel')).toHaveLength(1);
    expect(double.generations[0]?.status).toBe('cancelled');
  });

  it('still cancels a generation whose submit was in flight when the job was cancelled', async () => {
    double.delaySubmit(200);
    const item = await testItem();
    const running = eokProvider(double.url).generate(item);
    await expect.poll(() => double.generationCount).toBe(1);
    item.controller.abort();

    expect(await rejection(running)).toBeInstanceOf(GenerationCancelledError);
    expect(double.received('POST', '/v1/generations/gen_1/cancel')).toHaveLength(1);
  });

  it('cancels the generation a submit made but never named, when the job is cancelled while that submit waits to be retried', async () => {
    // made, then answered 500: the id is lost, and the retry waits at least a second
    double.respondTimes(500, 1, undefined, 'submit-after-create');
    const item = await testItem();
    const provider = eokProvider(double.url, { timings: { retryBaseMs: 2000, retryMaxMs: 2000 } });
    const running = provider.generate(item);
    await expect.poll(() => double.received('POST', '/v1/generations')).toHaveLength(1);
    item.controller.abort();

    expect(await rejection(running)).toBeInstanceOf(GenerationCancelledError);
    // asked for once under the same key, to be cancelled: still one generation
    const submits = double.received('POST', '/v1/generations').filter((r) => r.path === '/v1/generations');
    expect(submits.map((r) => r.headers['idempotency-key'])).toEqual(['42:3', '42:3']);
    expect(double.generationCount).toBe(1);
    expect(double.received('POST', '/v1/generations/gen_1/cancel')).toHaveLength(1);
    expect(double.generations[0]?.status).toBe('cancelled');
  });

  it('sends nothing more when a cancelled submit was refused with 429: nothing was made', async () => {
    double.respondTimes(429, 1, 2);
    const item = await testItem();
    const running = eokProvider(double.url).generate(item);
    await expect.poll(() => double.received('POST', '/v1/generations')).toHaveLength(1);
    item.controller.abort();

    expect(await rejection(running)).toBeInstanceOf(GenerationCancelledError);
    expect(double.received('POST', '/v1/generations')).toHaveLength(1);
    expect(double.generationCount).toBe(0);
  });

  it('reports a generation cancelled by someone else as cancelled', async () => {
    double.hang();
    const item = await testItem();
    const running = eokProvider(double.url).generate(item);
    await expect.poll(() => item.progress.length).toBeGreaterThan(0);
    double.cancelGeneration('gen_1');
    expect(await rejection(running)).toBeInstanceOf(GenerationCancelledError);
  });

  it('never logs more than 12 characters of an API key', async () => {
    const { logger, lines } = capturingLogger();
    double.respondTimes(429, 1, 0).respondTimes(503, 1, undefined, 'status');
    await eokProvider(double.url, { logger }).generate(await testItem());
    await eokProvider(double.url, { logger }).generate(await testItem({ apiKey: USER_KEY, batchIndex: 4 }));
    double.hang();
    const item = await testItem({ batchIndex: 5 });
    const running = eokProvider(double.url, { logger }).generate(item);
    await expect.poll(() => item.progress.length).toBeGreaterThan(0);
    item.controller.abort();
    await rejection(running);

    expect(lines.length).toBeGreaterThan(4);
    const log = lines.join('');
    // the submit line names the key by its hint, so the check below has something to bite on
    expect(log).toContain(keyHint(USER_KEY));
    for (const key of [SYSTEM_KEY, USER_KEY]) {
      for (let start = 0; start + 13 <= key.length; start++) expect(log).not.toContain(key.slice(start, start + 13));
    }
  });

  it('refuses work it cannot do as job errors: no server configured, file inputs', async () => {
    const unconfigured = await providerError(eokProvider(undefined).generate(await testItem()));
    expect(unconfigured).toMatchObject({ scope: 'job', retryable: false });

    const withAsset = await testItem({ assets: { override_image: { path: '/tmp/a.png', filename: 'a.png' } } });
    const assets = await providerError(eokProvider(double.url).generate(withAsset));
    expect(assets).toMatchObject({ scope: 'job', message: expect.stringContaining('override_image') });
    expect(double.requests).toHaveLength(0);
  });
});
