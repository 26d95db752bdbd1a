import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  MESSAGES,
  isAdminRole,
  isFinalJobStatus,
  type Job,
  type JobListQuery,
  type JobListResponse,
  type JobResults,
  type SessionUser,
} from '@atelier/shared';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../common/app-errors.js';
import { LOGGER } from '../common/runtime.js';
import { GalleryItemsRepository } from '../gallery/gallery-items.repository.js';
import { toJobResultItem } from '../gallery/gallery-item.mapper.js';
import { MediaUrlSigner } from '../media/media-url-signer.js';
import { GenerationQueue } from '../queue/generation-queue.js';
import { QueueBroadcaster } from '../realtime/queue-broadcaster.js';
import type { RealtimePublisher } from '../realtime/realtime-publisher.js';
import { REALTIME_PUBLISHER } from '../realtime/realtime-tokens.js';
import { WorkflowAccessService } from '../workflows/workflow-access.service.js';
import { JobCancelSignal } from './job-cancel-signal.js';
import { JobSubmitRateLimiter } from './job-submit-rate-limiter.js';
import { toJobDto } from './job.mapper.js';
import { JobsRepository } from './jobs.repository.js';
import { DEFAULT_SECONDS_PER_ITEM } from './queue.service.js';
import { WorkflowParameters } from './workflow-parameters.js';

const QUEUE_UNAVAILABLE = 'The job queue is unavailable. Please try again in a moment.';

export interface SubmitOptions {
  from?: 'clone';
  /** The client's Idempotency-Key for this submit attempt. */
  idempotencyKey?: string;
}

export interface SubmitInput {
  workflow_id: number;
  job_name: string;
  parameters: Record<string, unknown>;
  batch_size: number;
}

@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly access: WorkflowAccessService,
    private readonly parameters: WorkflowParameters,
    private readonly gallery: GalleryItemsRepository,
    private readonly signer: MediaUrlSigner,
    private readonly queue: GenerationQueue,
    private readonly cancelSignal: JobCancelSignal,
    private readonly submitLimiter: JobSubmitRateLimiter,
    private readonly broadcaster: QueueBroadcaster,
    @Inject(REALTIME_PUBLISHER) private readonly realtime: RealtimePublisher,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * One row and one queue entry whatever the batch size (DESIGN section 3, Batches). Only a
   * submission that passed validation counts against the user's rate limit; clones come here too.
   * Under an idempotency key the user already used, the answer is the job that key made, and
   * nothing new is written or queued. That holds even when the body differs from the first one
   * (no 409): the client reuses a key only to resend an unchanged form whose answer was lost, so a
   * difference means the workflow or its values changed meanwhile, and the job that exists is the
   * true answer. Keys do not expire; they live as long as their job.
   */
  async submit(user: SessionUser, input: SubmitInput, options: SubmitOptions = {}): Promise<{ id: number }> {
    const { from, idempotencyKey } = options;
    // before the checks and the rate limit: a resend must not fail where its first try passed
    const earlier = idempotencyKey ? await this.jobs.findByIdempotencyKey(user.id, idempotencyKey) : null;
    if (earlier) return { id: earlier.id };
    const workflow = await this.access.findVisible(user, input.workflow_id);
    const parameters = await this.parameters.resolve(workflow, input.parameters, { from });
    await this.submitLimiter.consume(user.id);
    const rate = (await this.jobs.secondsPerItemByWorkflow([workflow.id])).get(workflow.id) ?? DEFAULT_SECONDS_PER_ITEM;
    const job = await this.jobs.insertUnlessKeyTaken({
      userId: user.id,
      idempotencyKey: idempotencyKey ?? null,
      workflowId: workflow.id,
      workflowName: workflow.name,
      jobName: input.job_name || workflow.name,
      parameters,
      batchSize: input.batch_size,
      status: 'queued',
      priority: 0,
      estimatedDuration: Math.round(input.batch_size * rate),
    });
    if (!job) return this.madeUnderKey(user.id, idempotencyKey);
    try {
      await this.queue.enqueue(job);
    } catch (err) {
      this.logger.error({ err, jobId: job.id }, 'could not enqueue a job; it was not kept');
      await this.jobs.remove(job.id);
      throw new ServiceUnavailableError(QUEUE_UNAVAILABLE);
    }
    await this.announce(job.id);
    return { id: job.id };
  }

  /** A resend racing this one made the job first: its answer is this one's, and it alone queued the job. */
  private async madeUnderKey(userId: number, idempotencyKey: string | undefined): Promise<{ id: number }> {
    const made = idempotencyKey ? await this.jobs.findByIdempotencyKey(userId, idempotencyKey) : null;
    // gone already: its enqueue failed and the row was taken back, as that request answers too
    if (!made) throw new ServiceUnavailableError(QUEUE_UNAVAILABLE);
    return { id: made.id };
  }

  async list(user: SessionUser, query: JobListQuery): Promise<JobListResponse> {
    const everyone = query.user === 'all' && isAdminRole(user.role);
    const { rows, total } = await this.jobs.listPage({
      userId: everyone ? null : user.id,
      status: query.status,
      search: query.search || undefined,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return {
      jobs: rows.map((r) => toJobDto(r.job, r.username)),
      pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), total },
    };
  }

  async get(user: SessionUser, id: number): Promise<Job> {
    const found = await this.findReadable(user, id);
    return toJobDto(found.job, found.username);
  }

  async results(user: SessionUser, id: number, offset: number, limit: number): Promise<JobResults> {
    const { job } = await this.findReadable(user, id);
    const [items, total] = await Promise.all([this.gallery.findByJob(id, offset, limit), this.gallery.countByJob(id)]);
    return { items: items.map((i) => toJobResultItem(i, this.signer)), total, rejections: job.rejectionReasons };
  }

  /** A new job of the caller's, with the same workflow, values and batch size. */
  async clone(user: SessionUser, id: number, jobName: string, idempotencyKey?: string): Promise<{ id: number }> {
    const { job } = await this.findReadable(user, id);
    if (job.workflowId === null) throw new NotFoundError(MESSAGES.workflowNotFound);
    return this.submit(
      user,
      { workflow_id: job.workflowId, job_name: jobName, parameters: job.parameters, batch_size: job.batchSize },
      { from: 'clone', idempotencyKey },
    );
  }

  /** Owner or admin. Items already produced stay in the gallery (DESIGN section 3). */
  async cancel(user: SessionUser, id: number): Promise<Job> {
    const { job } = await this.findReadable(user, id);
    if (isFinalJobStatus(job.status) || !(await this.jobs.cancel(id))) {
      // a second Cancel (another tab, a double click) must not say the job ran to its end
      const status = isFinalJobStatus(job.status) ? job.status : (await this.jobs.findWithUsername(id))?.job.status;
      throw new ConflictError(
        status === 'cancelled' ? 'This job was already cancelled' : 'This job has already finished',
      );
    }
    await Promise.all([
      this.queue.remove(job),
      this.cancelSignal
        .send(id)
        .catch((err: unknown) => this.logger.warn({ err, jobId: id }, 'could not signal the cancel')),
    ]);
    return (await this.announce(id))!;
  }

  private async announce(id: number): Promise<Job | null> {
    const found = await this.jobs.findWithUsername(id);
    if (!found) return null;
    const dto = toJobDto(found.job, found.username);
    this.realtime.jobUpdated(dto, found.job.userId);
    this.broadcaster.changed();
    return dto;
  }

  /** Another user's job answers 404, as if it did not exist; admins read every job. */
  private async findReadable(user: SessionUser, id: number) {
    const found = await this.jobs.findWithUsername(id);
    if (!found || (found.job.userId !== user.id && !isAdminRole(user.role)))
      throw new NotFoundError(MESSAGES.jobNotFound);
    return found;
  }
}
