import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComfyUiDouble } from '../doubles/comfyui-double.js';
import { storedItems } from '../support/job-rows.js';
import { submitJob } from '../support/pipeline.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';
import { finalJob } from './support/final-job.js';
import { comfyWorkerEnv, createComfyWorkflow } from './support/comfy-workflow.js';
import { startOwnStack, type OwnStack } from './support/own-stack.js';

/** 600 steps of 100 ms: the item runs for a minute unless it is interrupted. */
const STEPS = 600;

describe('a job cancelled while Redis is down', () => {
  let stack: OwnStack;
  let comfy: ComfyUiDouble;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    stack = await startOwnStack();
    comfy = (await ComfyUiDouble.start()).slowRun(100);
  });
  afterAll(async () => {
    await worker?.stop();
    await comfy?.close();
    await stack?.close();
  });

  it('stops the running item on ComfyUI though the cancel message could not be sent', async () => {
    const t = stack.app;
    const token = await t.login(await t.createUser());
    const workflowId = await createComfyWorkflow(t, STEPS);
    worker = await startWorker(t, comfyWorkerEnv(comfy.url));
    const id = await submitJob(t, token, { workflow_id: workflowId, batch_size: 2 });
    const promptId = await waitFor('the first prompt to run', () => {
      const first = comfy.prompts[0];
      return first && comfy.isRunning(first.promptId) && first.promptId;
    });

    await stack.redis.stop();
    const res = await t.request<{ status: string }>('POST', `/api/jobs/${id}/cancel`, { token });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    // well before the item would end by itself, and with Redis still away
    await waitFor('the interrupt', () => comfy.interrupts.includes(promptId), 20_000);
    expect(comfy.historyOf(promptId)?.status.messages.map(([type]) => type) ?? []).not.toContain('execution_success');

    await stack.redis.start();
    expect(await finalJob(t, token, id, worker)).toMatchObject({ status: 'cancelled', batch_completed: 0 });
    expect(comfy.prompts).toHaveLength(1);
    expect(await storedItems(t, id)).toEqual([]);
  });
});
