import { isFinalJobStatus } from '@atelier/shared';
import type { JobEntity } from '../jobs/job.entity.js';
import { resolveComfyParameters, resolveSlugParameters } from '../jobs/job-parameters.js';
import { itemValues } from '../pipeline/item-inputs.js';
import { JobFailure, type ItemResult } from '../pipeline/item-runner.js';
import type { WorkflowEntity } from '../workflows/workflow.entity.js';
import type { DemoJob } from './demo-jobs.js';
import type { DemoServices } from './demo-services.js';
import { estimatedSeconds } from './demo-timeline.js';
import type { SampleWorkflows } from './sample-workflows.js';
import { ScriptedProvider } from './scripted-provider.js';

/** Asset parameters are never set by the demo. */
const NO_ASSETS = { exists: () => Promise.resolve(false) };

/** Checks form values the way job submission does and answers them as a job stores them. */
export async function resolveParameters(
  s: DemoServices,
  workflow: WorkflowEntity,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return workflow.workflowType === 'slug'
    ? resolveSlugParameters(workflow, await s.overrides.listForWorkflow(workflow.id), values)
    : resolveComfyParameters(workflow.configurableParams ?? {}, values, NO_ASSETS);
}

/**
 * Submits one demo job and runs it to its end as the worker does (JobRunner without the queue):
 * items in order through ItemRunner, each outcome recorded with the checkpoint, then the final
 * status; a cancel goes through the API's own repository call. Answers the job as it ended.
 */
export async function runDemoJob(
  s: DemoServices,
  ownerId: number,
  plan: DemoJob,
  workflows: SampleWorkflows,
): Promise<JobEntity> {
  const { entity, provider: workflow } = await s.contexts.load(workflows[plan.workflow].id);
  const inserted = await s.jobs.insert({
    userId: ownerId,
    workflowId: entity.id,
    workflowName: entity.name,
    jobName: plan.name,
    parameters: await resolveParameters(s, entity, plan.parameters),
    batchSize: plan.batchSize,
    status: 'queued',
    priority: 0,
    estimatedDuration: estimatedSeconds(plan),
  });
  const provider = new ScriptedProvider(s.builtin, plan);
  const signal = new AbortController().signal;
  let job = await s.progress.markStarted(inserted.id);
  while (job && !isFinalJobStatus(job.status) && job.nextBatchIndex < job.batchSize) {
    if (plan.cancelAfter !== undefined && job.batchCompleted >= plan.cancelAfter) {
      await s.jobs.cancel(job.id);
      break;
    }
    const batchIndex = job.nextBatchIndex;
    const { seed, values } = itemValues(entity.workflowType, entity.configurableParams, job.parameters, batchIndex, {});
    let result: ItemResult;
    try {
      result = await s.items.run(provider, {
        userId: ownerId,
        jobId: job.id,
        batchIndex,
        seed,
        workflow,
        values,
        assets: {},
        apiKey: null,
        signal,
        onProgress: () => undefined,
      });
    } catch (error) {
      if (!(error instanceof JobFailure)) throw error;
      await s.progress.failJob(job.id, error.message);
      break;
    }
    job = await record(s, job, batchIndex, seed, result);
  }
  // finishing leaves a cancelled or failed job as it is
  const ended = await s.progress.finish(inserted.id);
  if (!ended) throw new Error(`demo job ${plan.name} disappeared while it ran`);
  return ended;
}

async function record(
  s: DemoServices,
  job: JobEntity,
  batchIndex: number,
  seed: number,
  result: ItemResult,
): Promise<JobEntity | null> {
  if (result.kind === 'rejected') return s.progress.recordRejected(job.id, batchIndex, result.reason);
  if (result.kind === 'failed') return s.progress.recordFailed(job.id, batchIndex, result.message);
  return (await s.progress.recordProduced(job, batchIndex, seed, result.outputs)).job;
}
