import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComfyUiProvider } from '../../src/generation/providers/comfyui/comfyui.provider.js';
import { GenerationCancelledError, ProviderError } from '../../src/generation/providers/generation-provider.js';
import { ComfyUiDouble } from '../doubles/comfyui-double.js';
import {
  jsonWorkflow,
  makeProvider,
  makeRequest,
  removeTempDirs,
  settle,
  txt2imgGraph,
  writeAsset,
} from '../doubles/comfyui-fixtures.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let double: ComfyUiDouble;
let provider: ComfyUiProvider;

beforeEach(async () => {
  double = await ComfyUiDouble.start();
  provider = makeProvider(double.url);
});

afterEach(async () => {
  await provider.close();
  await double.close();
  await removeTempDirs();
});

function inputsOf(graph: Record<string, { inputs: Record<string, unknown> }>, id: string): Record<string, unknown> {
  return graph[id]?.inputs ?? {};
}

function firstPromptId(): string {
  const prompt = double.prompts[0];
  if (!prompt) throw new Error('the double received no prompt');
  return prompt.promptId;
}

describe('ComfyUiProvider against the ComfyUI double', () => {
  it('runs a JSON workflow: uploads the asset, injects the values, reports progress, downloads the output', async () => {
    const request = await makeRequest();
    const assetBytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    request.assets = { init_image: { path: await writeAsset('upload.bin', assetBytes), filename: 'fox.png' } };

    const outcome = await provider.generate(request);

    expect(outcome.status).toBe('produced');
    if (outcome.status !== 'produced') return;
    expect(outcome.files).toHaveLength(1);
    const [file] = outcome.files;
    expect(file?.contentType).toBe('image/png');
    expect(path.dirname(file?.path ?? '')).toBe(request.workDir);
    expect(await readdir(request.workDir)).toEqual([path.basename(file?.path ?? '')]);
    expect((await sharp(await readFile(file?.path ?? '')).metadata()).format).toBe('png');
    expect(request.progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);

    const [received] = double.prompts;
    expect(received?.promptId).toMatch(UUID_V4);
    expect(received?.clientId).toBe(provider.clientId);
    const graph = received?.prompt ?? {};
    expect(inputsOf(graph, '6').text).toBe('a red fox in snow');
    expect(inputsOf(graph, '3')).toMatchObject({ seed: 987_654_321, steps: 4, model: ['4', 0], positive: ['6', 0] });
    expect(inputsOf(graph, '9').filename_prefix).toBe('atelier/42/ComfyUI');
    expect(double.uploads).toEqual([{ name: 'fox.png', subfolder: 'atelier/42', type: 'input', bytes: assetBytes }]);
    expect(inputsOf(graph, '10').image).toBe('atelier/42/fox.png');
    // The socket of our client id was open before the prompt went out.
    expect(double.socketConnections[0]?.clientId).toBe(provider.clientId);
    expect(double.socketConnections[0]?.seq).toBeLessThan(received?.seq ?? -1);
  });

  it('runs a slug workflow by replacing override keys, and downloads a video output', async () => {
    const graph = txt2imgGraph(2);
    const nodes = graph as Record<string, { class_type: string; inputs: Record<string, unknown> }>;
    Object.assign(nodes['6']?.inputs ?? {}, { text: 'override_prompt' });
    Object.assign(nodes['3']?.inputs ?? {}, { seed: 'override_seed' });
    nodes['9'] = { class_type: 'SaveWEBM', inputs: { filename_prefix: 'clip', images: ['8', 0], fps: 24 } };
    delete nodes['10'];
    delete nodes['11'];
    const workflow = { ...jsonWorkflow(graph), type: 'slug' as const, slug: 'clip', configurableParams: null };
    const request = await makeRequest({ workflow, values: { override_prompt: 'waves at dusk' }, seed: 31 });

    const outcome = await provider.generate(request);

    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'video/webm' }] });
    const sent = double.prompts[0]?.prompt ?? {};
    expect(inputsOf(sent, '6').text).toBe('waves at dusk');
    expect(inputsOf(sent, '3').seed).toBe(31);
    expect(inputsOf(sent, '9').filename_prefix).toBe('atelier/42/clip');
  });

  it("downloads the video VideoHelperSuite's VHS_VideoCombine lists under gifs, as a temp file when not saved", async () => {
    const graph = txt2imgGraph(2);
    const nodes = graph as Record<string, { class_type: string; inputs: Record<string, unknown> }>;
    nodes['9'] = {
      class_type: 'VHS_VideoCombine',
      inputs: { images: ['8', 0], frame_rate: 12, format: 'video/webm', filename_prefix: 'loop', save_output: false },
    };
    delete nodes['10'];
    delete nodes['11'];
    const request = await makeRequest({ workflow: { ...jsonWorkflow(graph), configurableParams: null } });

    const outcome = await provider.generate(request);

    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'video/webm' }] });
    const history = double.historyOf(firstPromptId());
    expect(history?.outputs['9']).toMatchObject({ gifs: [{ type: 'temp', format: 'video/webm' }] });
  });

  it('turns a 400 with node_errors into a job-scoped error naming the node error', async () => {
    double.respondWith400NodeErrors();
    const error = await settle(provider.generate(await makeRequest()));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      scope: 'job',
      retryable: false,
      message: 'ComfyUI refused the workflow: Prompt outputs failed validation (KSampler: value_bigger_than_max steps)',
    });
  });

  it('fails the item with the exception of an execution_error, retrying only out-of-memory', async () => {
    double.failWithExecutionError('mat1 and mat2 shapes cannot be multiplied (1x768 and 1024x320)');
    const error = await settle(provider.generate(await makeRequest()));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      retryable: false,
      scope: 'item',
      message: 'RuntimeError: mat1 and mat2 shapes cannot be multiplied (1x768 and 1024x320)',
    });

    double.failWithExecutionError('Allocation on device 0 would exceed allowed memory. (out of memory)');
    const oom = await settle(provider.generate(await makeRequest()));
    expect(oom).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^torch\.OutOfMemoryError: /) as string,
    });
  });

  it('finishes by polling when the socket drops mid-run, then reconnects with the same client id', async () => {
    double.dropSocketMidRun().slowRun(50);
    const request = await makeRequest({ values: { prompt: 'x', steps: 10 } });

    const outcome = await provider.generate(request);

    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'image/png' }] });
    expect(request.progress[0]).toEqual([1, 10]);
    // Polled while the run was still going (the socket was gone), not only read at the end.
    expect(double.historyReads).toContainEqual({ promptId: firstPromptId(), found: false });
    await expect.poll(() => double.socketConnections.length).toBeGreaterThanOrEqual(2);
    expect(new Set(double.socketConnections.map((c) => c.clientId))).toEqual(new Set([provider.clientId]));
  });

  it('keeps following a run through a proxy answering 502 for a while, without queueing it twice', async () => {
    double.dropSocketMidRun().slowRun(50);
    const request = await makeRequest({ values: { prompt: 'x', steps: 20 } });
    const running = provider.generate(request);
    await expect.poll(() => request.progress.length).toBeGreaterThan(0);

    double.badGatewayFor(600);
    const outcome = await running;

    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'image/png' }] });
    expect(double.prompts).toHaveLength(1);
  });

  it('keeps following a run through a 500 and an unreadable page while it polls, and sends the prompt once', async () => {
    double.dropSocketMidRun().slowRun(50);
    double
      .answerNext('GET /history/', { status: 500, body: 'Internal Server Error' })
      .answerNext('GET /queue', { status: 200, body: '<html>maintenance</html>', contentType: 'text/html' });
    const request = await makeRequest({ values: { prompt: 'x', steps: 20 } });

    const outcome = await provider.generate(request);

    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'image/png' }] });
    expect(double.prompts).toHaveLength(1);
  });

  it('takes the prompt off ComfyUI when following it fails for good, so a retry does not run beside it', async () => {
    double.dropSocketMidRun().slowRun(100);
    const failures = Array.from({ length: 200 }, () => ({ status: 500, body: 'Internal Server Error' }));
    const request = await makeRequest({ values: { prompt: 'x', steps: 60 } });
    const running = settle(provider.generate(request));
    await expect.poll(() => request.progress.length).toBeGreaterThan(0);
    double.answerNext('GET /history/', ...failures);

    // failing past the tolerance (1 s here)
    expect(await running).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^ComfyUI answered GET \/history\/.* with HTTP 500/) as string,
    });
    const promptId = firstPromptId();
    expect(double.interrupts).toEqual([promptId]);
    await expect.poll(() => double.historyOf(promptId)?.status.status_str).toBe('error');
  });

  it('fetches an output again when its download is cut off, instead of running the prompt again', async () => {
    double.answerNext('GET /view', 'cut');
    const outcome = await provider.generate(await makeRequest());
    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'image/png' }] });
    if (outcome.status !== 'produced') return;
    expect((await sharp(await readFile(outcome.files[0]?.path ?? '')).metadata()).format).toBe('png');
    expect(double.prompts).toHaveLength(1);
  });

  it('fails the whole job when ComfyUI or a proxy in front of it refuses the request (401, 403, 413)', async () => {
    double
      .answerNext('POST /prompt', { status: 401, body: '401: Unauthorized' })
      .answerNext('POST /prompt', { status: 403, body: '' });
    for (const refusal of ['(HTTP 401): login required', '(HTTP 403): access denied']) {
      expect(await settle(provider.generate(await makeRequest()))).toMatchObject({
        scope: 'job',
        retryable: false,
        message: `ComfyUI refused POST /prompt ${refusal}`,
      });
    }
    const request = await makeRequest();
    request.assets = { init_image: { path: await writeAsset('big.bin', Buffer.alloc(64)), filename: 'big.png' } };
    double.answerNext('POST /upload/image', { status: 413, body: 'Request Entity Too Large' });
    expect(await settle(provider.generate(request))).toMatchObject({
      scope: 'job',
      retryable: false,
      message: 'ComfyUI refused POST /upload/image (HTTP 413): the request is larger than ComfyUI accepts',
    });
    expect(double.prompts).toHaveLength(0);
  });

  it('keeps polling for a history entry that lands after execution_success, and queues nothing twice', async () => {
    // past the quick history retries after the event (150 ms here), inside the lost-prompt grace (400 ms)
    double.lagHistory(300);
    const outcome = await provider.generate(await makeRequest());
    expect(outcome).toMatchObject({ status: 'produced', files: [{ contentType: 'image/png' }] });
    expect(double.prompts).toHaveLength(1);
    expect(double.historyReads.filter((r) => !r.found).length).toBeGreaterThan(0);
  });

  it('reports a lost prompt when it is in neither queue nor history after the grace period', async () => {
    double.emptyHistory();
    const error = await settle(provider.generate(await makeRequest()));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: true, message: 'ComfyUI lost the prompt (restarted or history cleared)' });
  });

  it('does not queue the prompt twice when the answer to POST /prompt is lost', async () => {
    double.loseFirstPromptReply();
    const outcome = await provider.generate(await makeRequest());
    expect(outcome.status).toBe('produced');
    expect(double.prompts).toHaveLength(1);
    expect(double.queueReads).toBeGreaterThan(0);
  });

  it('asks again, rather than sending the prompt again, when it cannot tell whether ComfyUI has it', async () => {
    double.loseFirstPromptReply().failQueueReads(1);
    const outcome = await provider.generate(await makeRequest());
    expect(outcome.status).toBe('produced');
    expect(double.prompts).toHaveLength(1);
  });

  it('follows the prompt, without sending it again, when ComfyUI keeps failing to say whether it has it', async () => {
    double.loseFirstPromptReply().failQueueReads(1_000);
    const outcome = await provider.generate(await makeRequest());
    expect(outcome.status).toBe('produced');
    expect(double.prompts).toHaveLength(1);
  });

  it('finds the prompt whose answer was lost on the last submit attempt, instead of failing the item', async () => {
    await provider.close();
    provider = makeProvider(double.url, { submitAttempts: 1 });
    double.loseFirstPromptReply();
    const outcome = await provider.generate(await makeRequest());
    expect(outcome.status).toBe('produced');
    expect(double.prompts).toHaveLength(1);
  });

  it('follows the id a ComfyUI older than client-set prompt ids makes for itself, to the output', async () => {
    double.makeOwnPromptIds().slowRun(40);
    const request = await makeRequest({ values: { prompt: 'x', steps: 8 } });

    const outcome = await provider.generate(request);

    expect(outcome.status).toBe('produced');
    expect(double.prompts).toHaveLength(1);
    expect(double.historyOf(firstPromptId())?.status.status_str).toBe('success');
    // progress comes from the socket, routed by the server's id
    expect(request.progress.at(-1)).toEqual([8, 8]);
  });

  it('cancels a running prompt on such a server under the id the server made', async () => {
    double.makeOwnPromptIds().slowRun(50);
    const request = await makeRequest({ values: { prompt: 'x', steps: 40 } });
    const result = settle(provider.generate(request));
    await expect.poll(() => request.progress.length).toBeGreaterThan(0);

    request.controller.abort();

    expect(await result).toBeInstanceOf(GenerationCancelledError);
    expect(double.interrupts).toEqual([firstPromptId()]);
  });

  it('cancels a pending prompt by deleting it from the queue', async () => {
    double.pauseQueue();
    const request = await makeRequest();
    const submitted = vi.fn();
    const result = settle(provider.generate({ ...request, onSubmitted: submitted }));
    await expect.poll(() => double.prompts).toHaveLength(1);
    // ComfyUI has taken it, though it has not started: the job is no longer submitting
    await expect.poll(() => submitted).toHaveBeenCalledTimes(1);

    request.controller.abort();

    expect(await result).toBeInstanceOf(GenerationCancelledError);
    const promptId = firstPromptId();
    expect(double.deletes).toContain(promptId);
    expect(double.isPending(promptId)).toBe(false);
    double.resumeQueue();
    expect(double.historyOf(promptId)).toBeUndefined();
  });

  it('cancels a running prompt by interrupting it', async () => {
    double.slowRun(50);
    const request = await makeRequest({ values: { prompt: 'x', steps: 40 } });
    const result = settle(provider.generate(request));
    await expect.poll(() => request.progress.length).toBeGreaterThan(0);

    request.controller.abort();

    expect(await result).toBeInstanceOf(GenerationCancelledError);
    const promptId = firstPromptId();
    expect(double.interrupts).toContain(promptId);
    expect(double.deletes).not.toContain(promptId);
    await expect.poll(() => double.historyOf(promptId)?.status.status_str).toBe('error');
    const events = double.historyOf(promptId)?.status.messages.map(([event]) => event);
    expect(events).toContain('execution_interrupted');
  });

  it('gives up after the item timeout and interrupts the run it leaves behind', async () => {
    await provider.close();
    provider = makeProvider(double.url, { itemTimeoutS: 1 });
    double.slowRun(100);
    const error = await settle(provider.generate(await makeRequest({ values: { prompt: 'x', steps: 40 } })));
    expect(error).toMatchObject({ retryable: true, message: 'ComfyUI did not finish within 1 s' });
    expect(double.interrupts).toContain(firstPromptId());
  });

  it("counts the item timeout from when ComfyUI starts the prompt, not while it waits in ComfyUI's queue", async () => {
    await provider.close();
    // 3 s leave the 200 ms run, the history read and the download room on a loaded machine
    provider = makeProvider(double.url, { itemTimeoutS: 3 });
    double.pauseQueue().slowRun(20);
    const running = provider.generate(await makeRequest({ values: { prompt: 'x', steps: 10 } }));
    await expect.poll(() => double.prompts).toHaveLength(1);
    // behind other prompts for longer than the item may run
    await new Promise((resolve) => setTimeout(resolve, 3500));
    double.resumeQueue();

    expect(await running).toMatchObject({ status: 'produced' });
    expect(double.interrupts).toEqual([]);
  });

  it('fails the job, taking its prompt off the queue, when ComfyUI starts nothing new for twice the item timeout', async () => {
    await provider.close();
    provider = makeProvider(double.url, { itemTimeoutS: 1 });
    // an executor stuck: nothing new starts, so the prompt would wait for ever
    double.pauseQueue();
    const submitted = vi.fn();
    const started = Date.now();

    const error = await settle(provider.generate({ ...(await makeRequest()), onSubmitted: submitted }));

    expect(error).toMatchObject({
      scope: 'job',
      retryable: false,
      message: 'ComfyUI started nothing new for 2 s while our prompt waited: its queue is stuck',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(submitted).toHaveBeenCalledTimes(1);
    const promptId = firstPromptId();
    expect(double.deletes).toEqual([promptId]);
    expect(double.isPending(promptId)).toBe(false);
  });

  it('fails with a retryable error when ComfyUI cannot be reached', async () => {
    const url = double.url;
    await provider.close();
    await double.close();
    provider = makeProvider(url, { socketOpenTimeoutMs: 200 });
    double = await ComfyUiDouble.start();
    const submitted = vi.fn();

    const error = await settle(provider.generate({ ...(await makeRequest()), onSubmitted: submitted }));

    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^ComfyUI unreachable \(POST \/prompt\): connect ECONNREFUSED/) as string,
    });
    // nothing reached ComfyUI: the job is still submitting, not processing
    expect(submitted).not.toHaveBeenCalled();
  });

  it('takes the prompt it stopped following off the queue once ComfyUI is back, before the retry is queued', async () => {
    double.pauseQueue();
    const first = settle(provider.generate(await makeRequest()));
    await expect.poll(() => double.prompts).toHaveLength(1);
    const leftId = firstPromptId();

    double.vanish();
    // unreachable past the tolerance (1 s here): the item fails, to be retried under a new prompt id
    expect(await first).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^ComfyUI unreachable/) as string,
    });
    double.reappear();
    // a network cut, not a restart: ComfyUI still holds the prompt
    expect(double.isPending(leftId)).toBe(true);

    const retry = provider.generate(await makeRequest());
    await expect.poll(() => double.prompts).toHaveLength(2);
    expect(double.deletes).toEqual([leftId]);
    expect(double.isPending(leftId)).toBe(false);
    double.resumeQueue();

    expect(await retry).toMatchObject({ status: 'produced' });
    expect(double.historyOf(leftId)).toBeUndefined();
  });

  it('interrupts a run it gave up on while ComfyUI was unreachable, as soon as ComfyUI answers again', async () => {
    await provider.close();
    provider = makeProvider(double.url, { itemTimeoutS: 1 });
    double.slowRun(100);
    const request = await makeRequest({ values: { prompt: 'x', steps: 60 } });
    const first = settle(provider.generate(request));
    await expect.poll(() => request.progress.length).toBeGreaterThan(0);
    const leftId = firstPromptId();

    double.vanish();
    expect(await first).toMatchObject({ retryable: true });
    expect(double.interrupts).toEqual([]);
    expect(double.isRunning(leftId)).toBe(true);
    double.reappear();

    // no new item is needed: the socket coming back is enough
    await expect.poll(() => double.interrupts).toEqual([leftId]);
    await expect.poll(() => double.historyOf(leftId)?.status.status_str).toBe('error');
    expect(double.prompts).toHaveLength(1);
  });

  it("tags each prompt with its deployment and item, and never cancels another deployment's prompt for the same job number", async () => {
    double.slowRun(40);
    const other = makeProvider(double.url, { owner: 'another-atelier' });
    try {
      const theirs = other.generate(await makeRequest());
      await vi.waitFor(() => expect(double.isRunning(firstPromptId())).toBe(true), { timeout: 5000 });

      const ours = await provider.generate(await makeRequest());

      expect(ours.status).toBe('produced');
      expect((await theirs).status).toBe('produced');
      expect(double.interrupts).toEqual([]);
      expect(double.deletes).toEqual([]);
      expect(double.prompts.map((p) => p.extraData.atelier)).toEqual([
        { owner: 'another-atelier', job_id: 42, batch_index: 0 },
        { owner: 'atelier', job_id: 42, batch_index: 0 },
      ]);
    } finally {
      await other.close();
    }
  });

  it("leaves the item's earlier prompt alone on a retry: a runner that lost its lock and the one that took over must not cancel each other's", async () => {
    double.slowRun(40);
    const other = makeProvider(double.url);
    try {
      const first = other.generate(await makeRequest());
      await vi.waitFor(() => expect(double.isRunning(firstPromptId())).toBe(true), { timeout: 5000 });

      const retry = await provider.generate(await makeRequest({ attempt: 2 }));

      expect(retry.status).toBe('produced');
      expect((await first).status).toBe('produced');
      expect(double.interrupts).toEqual([]);
      expect(double.deletes).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
