import { Inject, Injectable } from '@nestjs/common';
import { DelayedError, WaitingError, type Job as BullJob } from 'bullmq';
import type { Logger } from 'pino';
import { isFinalJobStatus } from '@atelier/shared';
import { AssetsRepository } from '../assets/assets.repository.js';
import { assetPath } from '../assets/asset-storage.js';
import { LOGGER, RUNTIME, type Runtime } from '../common/runtime.js';
import { PipelineMetrics } from '../metrics/pipeline-metrics.js';
import { GenerationCancelledError } from '../generation/providers/generation-provider.js';
import type { JobEntity } from '../jobs/job.entity.js';
import { bullJobId, type JobPayloads } from '../queue/queue-registry.js';
import { SecretCipher, SecretDecryptError } from '../secrets/secret-cipher.js';
import { UsersRepository } from '../users/users.repository.js';
import { CancelListener } from './cancel-listener.js';
import { itemValues } from './item-inputs.js';
import { ItemRunner, JobFailure, type ItemResult } from './item-runner.js';
import { JobEvents } from './job-events.js';
import { JobProgressRepository } from './job-progress.repository.js';
import { MediaStore } from './media-store.js';
import { ProviderRegistry } from './provider-registry.js';
import { WorkflowContextLoader, WorkflowGoneError } from './workflow-context.js';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface QueueProbe {
  /** Whether other jobs wait for a worker (the fairness check). */
  othersWaiting(): Promise<boolean>;
}

/** The job's lock lapsed: it is left to the runner that resumes it, from its checkpoint. */
export class JobLockLostError extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId} lost its queue lock; another worker resumes it`);
    this.name = 'JobLockLostError';
  }
}

/**
 * Runs (or resumes) one job from its checkpoint: items in order, each recorded with the checkpoint;
 * after a slice of items it gives its place to other waiting jobs (round robin), and it also gives
 * it back when the worker is stopping, so another worker resumes it at once.
 */
@Injectable()
export class JobRunner {
  readonly jobName = 'run-job' as const;
  stopping = false;
  /** The queue entries being run now, with the lock token of each: what a shutdown hands back. */
  private readonly running = new Map<BullJob<JobPayloads['run-job']>, string>();
  private idleWaiters: Array<() => void> = [];
  /** Every run under way, handed back or not: what a shutdown waits for before it closes. */
  private readonly underWay = new Set<Promise<void>>();

  constructor(
    private readonly progress: JobProgressRepository,
    private readonly contexts: WorkflowContextLoader,
    private readonly providers: ProviderRegistry,
    private readonly items: ItemRunner,
    private readonly media: MediaStore,
    private readonly events: JobEvents,
    private readonly cancels: CancelListener,
    private readonly users: UsersRepository,
    private readonly assets: AssetsRepository,
    private readonly metrics: PipelineMetrics,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async process(bullJob: BullJob<JobPayloads['run-job']>, token: string | undefined, queue: QueueProbe): Promise<void> {
    if (token) this.running.set(bullJob, token);
    const run = this.run(bullJob, token, queue);
    this.underWay.add(run);
    try {
      await run;
    } finally {
      this.underWay.delete(run);
      this.running.delete(bullJob);
      if (this.running.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** Resolves once no job is being run. */
  whenIdle(): Promise<void> {
    if (this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Puts every job being run back in the queue at once, without waiting for its current item:
   * another worker resumes it from its checkpoint. The items are then stopped (the jobs are
   * another worker's now) and given up to `settleMs` to tell the generation server.
   * Answers how many jobs it handed back.
   */
  async handBackRunning(settleMs: number): Promise<number> {
    const entries = [...this.running];
    this.running.clear();
    await Promise.all(
      entries.map(([bullJob, token]) =>
        bullJob
          .moveToWait(token)
          .catch((err: unknown) =>
            this.logger.warn({ jobId: bullJob.data.jobId, err: (err as Error).message }, 'could not hand a job back'),
          ),
      ),
    );
    this.cancels.abortAllHandedBack();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.underWay]),
      new Promise((resolve) => (timer = setTimeout(resolve, settleMs))),
    ]);
    clearTimeout(timer);
    return entries.length;
  }

  private async run(
    bullJob: BullJob<JobPayloads['run-job']>,
    token: string | undefined,
    queue: QueueProbe,
  ): Promise<void> {
    const jobId = bullJob.data.jobId;
    let job = await this.progress.findJob(jobId);
    if (job && bullJob.id !== bullJobId(job)) {
      // left in Redis by an earlier database whose job had this id: not this row's entry
      this.logger.warn({ jobId, queueId: bullJob.id }, 'dropped a queue entry that belongs to another database');
      return;
    }
    if (!job || isFinalJobStatus(job.status)) return;
    const owner = await this.users.findById(job.userId);
    if (!owner) return;
    if (job.status === 'queued') {
      job = await this.progress.markStarted(jobId);
      if (!job) return;
      this.events.jobChanged(job, owner.username);
    }

    let context;
    try {
      context = await this.contexts.load(job.workflowId);
    } catch (error) {
      if (!(error instanceof WorkflowGoneError)) throw error;
      return this.end(await this.progress.failJob(jobId, error.message), owner.username);
    }
    const providerName = this.providers.nameFor(context.entity.workflowType);
    // the key is loaded as stored when it no longer decrypts: refuse it rather than send ciphertext
    if (providerName === 'eok' && owner.eokApiKey && SecretCipher.isEncrypted(owner.eokApiKey))
      return this.end(
        await this.progress.failJob(jobId, new SecretDecryptError().message),
        owner.username,
        providerName,
      );
    const provider = this.providers.get(providerName);
    const assets = await this.resolveAssets(context.entity.configurableParams, job.parameters);
    const slice = this.runtime.config.worker.sliceItems;

    for (let done = 0; job.nextBatchIndex < job.batchSize; done++) {
      if (job.status === 'cancelled') return this.end(job, owner.username, providerName);
      if (this.stopping) {
        // straight back to the front of the queue: another worker resumes it at once
        await bullJob.moveToWait(token);
        throw new WaitingError();
      }
      if (done >= slice && (await queue.othersWaiting())) {
        // a delayed job due now is promoted behind the jobs already waiting: round robin
        await bullJob.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
      if (token && !(await this.stillHolds(bullJob, token))) throw new JobLockLostError(jobId);
      const batchIndex = job.nextBatchIndex;
      const { seed, values } = itemValues(
        context.entity.workflowType,
        context.entity.configurableParams,
        job.parameters,
        batchIndex,
        assets.names,
      );
      const tracked = this.cancels.track(jobId);
      // a cancel published while no item was tracked (between items, or at the start) reached no one
      const latest = await this.progress.findJob(jobId);
      if (!latest || latest.status === 'cancelled') {
        tracked.release();
        if (!latest) this.logger.info({ jobId, userId: job.userId }, 'job deleted between items; stopped');
        return this.end(latest, owner.username, providerName);
      }
      const itemStarted = performance.now();
      const current: JobEntity = job;
      let result: ItemResult;
      try {
        result = await this.items.run(provider, {
          userId: current.userId,
          jobId,
          batchIndex,
          seed,
          workflow: context.provider,
          values,
          assets: assets.files,
          apiKey: owner.eokApiKey,
          signal: tracked.signal,
          onProgress: (value, max) => this.events.progress(current, batchIndex, value, max),
          onSubmitted: () => {
            if (current.status === 'submitting') void this.announceProcessing(jobId, owner.username);
          },
        });
      } catch (error) {
        if (error instanceof GenerationCancelledError) {
          const latest = await this.progress.findJob(jobId);
          // stopped by the CancelListener; logged, as the other ends of a deleted job are
          if (!latest) this.logger.info({ jobId, userId: current.userId }, 'job deleted while running; item stopped');
          return this.end(latest, owner.username, providerName);
        }
        if (error instanceof JobFailure)
          return this.end(await this.progress.failJob(jobId, error.message), owner.username, providerName);
        throw error;
      } finally {
        tracked.release();
      }
      this.metrics.item(current.workflowName, providerName, result.kind, (performance.now() - itemStarted) / 1000);
      job = await this.record(current, batchIndex, result);
      if (!job) return;
      this.events.jobChanged(job, owner.username);
    }
    this.end(await this.progress.finish(jobId), owner.username, providerName);
  }

  private async announceProcessing(jobId: number, username: string): Promise<void> {
    try {
      const job = await this.progress.markProcessing(jobId);
      if (job?.status === 'processing') this.events.jobChanged(job, username);
    } catch (error) {
      // the item's outcome moves the job on anyway
      this.logger.warn({ jobId, err: error }, 'could not mark the job processing');
    }
  }

  /**
   * Renews the job's lock, answering whether it was still ours. It lapses when Redis is away for
   * longer than the lock lasts; once Redis is back the stalled check hands the job to another
   * runner, and going on as well would make every remaining item twice.
   */
  private async stillHolds(bullJob: BullJob<JobPayloads['run-job']>, token: string): Promise<boolean> {
    return (await bullJob.extendLock(token, this.runtime.config.worker.lockDurationMs)) === 1;
  }

  private async record(job: JobEntity, batchIndex: number, result: ItemResult): Promise<JobEntity | null> {
    if (result.kind === 'rejected') return this.progress.recordRejected(job.id, batchIndex, result.reason);
    if (result.kind === 'failed') return this.progress.recordFailed(job.id, batchIndex, result.message);
    let recorded: Awaited<ReturnType<JobProgressRepository['recordProduced']>>;
    try {
      recorded = await this.progress.recordProduced(job, batchIndex, result.seedUsed, result.outputs);
    } catch (error) {
      // The job went (its user was deleted) while this item was made: the files just stored have no
      // row to be found or deleted by, so they go now rather than stay on disk for good.
      if (await this.progress.findJob(job.id)) throw error;
      await this.media.removeJob(job.userId, job.id);
      // logged once done: the line says the files are gone, and tests wait for it
      this.logger.info({ jobId: job.id, userId: job.userId }, 'job deleted while running; its new files removed');
      return null;
    }
    this.events.itemsCreated(recorded.created);
    return recorded.job;
  }

  private end(job: JobEntity | null, username: string, provider = 'none'): void {
    if (!job) return;
    this.events.jobChanged(job, username);
    if (isFinalJobStatus(job.status) && job.startedAt) {
      const seconds = ((job.completedAt ?? new Date()).getTime() - job.startedAt.getTime()) / 1000;
      this.metrics.job(job.workflowName, provider, job.status, Math.max(0, seconds));
    }
  }

  /** Asset parameters hold asset ids; providers get the file and its name. */
  private async resolveAssets(params: JobEntity['parameters'] | null, stored: Record<string, unknown>) {
    const names: Record<string, string> = {};
    const files: Record<string, { path: string; filename: string }> = {};
    for (const [name, param] of Object.entries((params ?? {}) as Record<string, { type?: string }>)) {
      if (param.type !== 'asset' || typeof stored[name] !== 'number') continue;
      const asset = await this.assets.findById(stored[name]);
      if (!asset) continue;
      names[name] = asset.filename;
      files[name] = {
        path: path.join(this.runtime.config.dataDir, ...assetPath(asset.filename).split('/')),
        filename: asset.filename,
      };
    }
    if (Object.keys(names).length === 0) this.logger.trace('no asset inputs');
    return { names, files };
  }
}
