import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiDouble } from '../doubles/comfyui-double.js';
import { EokDouble } from '../doubles/eok-double.js';
import { jobCheckpoint } from '../support/job-rows.js';
import { submitJob } from '../support/pipeline.js';
import type { TestApp } from '../support/test-app.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';
import { comfyWorkerEnv, createComfyWorkflow } from './support/comfy-workflow.js';
import { createEokWorkflow, EOK_SLUG, EOK_SYSTEM_KEY } from '../support/eok-workflow.js';
import { finalJob } from './support/final-job.js';
import { itemCounts } from './support/gallery-rows.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';
import { failedAttempts } from './support/worker-log.js';

const ATTEMPTS = 3;
const BATCH = 2;

/** A generation server double caught mid-item, and what the worker needs to reach it. */
interface Served {
  double: { vanish(): unknown; freeze(): unknown; close(): Promise<void> };
  env: Record<string, string>;
  /** Whether the first item is being generated right now. */
  firstItemRunning(): boolean;
}

const comfyui = async (): Promise<Served> => {
  const double = (await ComfyUiDouble.start()).slowRun(1000);
  return {
    double,
    env: {
      ...comfyWorkerEnv(double.url),
      COMFYUI_REQUEST_TIMEOUT_MS: '1000',
      COMFYUI_UNREACHABLE_GRACE_MS: '1000',
      COMFYUI_ITEM_TIMEOUT_S: '30',
    },
    firstItemRunning: () => double.prompts[0] !== undefined && double.isRunning(double.prompts[0].promptId),
  };
};

const eok = async (): Promise<Served> => {
  // generations never finish by themselves: the first item is under way until the server goes
  const double = (await EokDouble.start({ slugs: [EOK_SLUG] })).hang();
  return {
    double,
    env: {
      EOK_URL: double.url,
      EOK_API_KEY: EOK_SYSTEM_KEY,
      EOK_POLL_START_MS: '50',
      EOK_REQUEST_TIMEOUT_MS: '1000',
      EOK_ITEM_TIMEOUT_S: '4',
    },
    firstItemRunning: () => double.generations[0]?.status === 'running',
  };
};

const CASES = [
  {
    title: 'ComfyUI resets every connection',
    serve: comfyui,
    fault: 'vanish',
    error: /^ComfyUI unreachable \((GET|POST) \/\S+\): \S/,
  },
  {
    title: 'ComfyUI stops answering',
    serve: comfyui,
    fault: 'freeze',
    error: /^ComfyUI did not answer (GET|POST) \/\S+ within 1000 ms$/,
  },
  {
    title: 'the external server resets every connection',
    serve: eok,
    fault: 'vanish',
    // the attempts are what is measured here, not the item's bound: the item's time counts from its
    // first attempt, begun before the fault, and a loaded machine ran past 4 s of it ('Timed out')
    env: { EOK_ITEM_TIMEOUT_S: '30' },
    error: /^Could not reach the external generation server \((submit|status of gen_\d+)\): (POST|GET) \/\S+: \S/,
  },
  {
    title: 'the external server stops answering',
    serve: eok,
    fault: 'freeze',
    // the last call is cut by its own timeout or by the item's, whichever comes first; the item's
    // (EOK_ITEM_TIMEOUT_S) ends the item at once, without the remaining attempts
    timeoutEndsItem: true,
    error:
      /^(Could not reach the external generation server \(.+\): (POST|GET) \/\S+: no answer within 1000 ms|Timed out after 4 s on the external generation server)$/,
  },
] as const;

describe('the generation server vanishing mid-item', () => {
  let stack: OwnStack;
  let token: string;
  let workflows: { comfyui: number; eok: number };
  let worker: WorkerProcess | undefined;
  let served: Served | undefined;

  beforeAll(async () => {
    stack = await startOwnStack();
    token = await stack.app.login(await stack.app.createUser());
    workflows = { comfyui: await createComfyWorkflow(stack.app), eok: await createEokWorkflow(stack.app) };
  });
  afterEach(async () => {
    await worker?.stop();
    await served?.double.close();
    worker = undefined;
    served = undefined;
  });
  afterAll(() => stack?.close());

  function submit(t: TestApp, serve: (typeof CASES)[number]['serve']): Promise<number> {
    const body =
      serve === comfyui
        ? { workflow_id: workflows.comfyui, batch_size: BATCH }
        : { workflow_id: workflows.eok, batch_size: BATCH, parameters: { prompt: 'a fox in the snow' } };
    return submitJob(t, token, body);
  }

  it.each(CASES.map((c) => [c.title, c] as const))(
    '%s mid-item: each item fails after a bounded number of attempts with a clear error, and the job ends',
    async (_title, c) => {
      const { serve, fault, error } = c;
      const t = stack.app;
      served = await serve();
      worker = await startWorker(t, {
        ...served.env,
        ...('env' in c ? c.env : {}),
        ITEM_MAX_ATTEMPTS: String(ATTEMPTS),
        ITEM_RETRY_BASE_MS: '50',
      });
      const id = await submit(t, serve);
      await waitFor('the first item to be under way', served.firstItemRunning, 60_000);

      served.double[fault]();
      const job = await finalJob(t, token, id, worker);
      expect(job).toMatchObject({ status: 'failed', batch_completed: 0, rejection_count: 0 });
      expect(job.error_message).toMatch(error);
      expect(await jobCheckpoint(t, id)).toMatchObject({ next_batch_index: BATCH, failed_count: BATCH });
      expect(await itemCounts(t, id)).toMatchObject({ rows: 0 });
      // bounded: every item was tried ITEM_MAX_ATTEMPTS times, then given up
      const everyAttempt = Array.from({ length: ATTEMPTS }, (_, i) => i + 1);
      const attempts = [...failedAttempts(worker.output(), id)];
      expect(attempts.map(([batchIndex]) => batchIndex)).toEqual([0, 1]);
      for (const [, tried] of attempts) {
        if ('timeoutEndsItem' in c && tried.length < ATTEMPTS)
          expect(tried).toEqual(everyAttempt.slice(0, tried.length));
        else expect(tried).toEqual(everyAttempt);
      }
    },
  );
});
