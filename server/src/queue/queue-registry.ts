/** Every queue and job name, with the payload each job carries: the one typed registry. */
export const GENERATION_QUEUE = 'generation';

export interface JobPayloads {
  /** Runs (or resumes) one Atelier job: all its remaining batch items, a slice at a time. */
  'run-job': { jobId: number };
}

export type JobName = keyof JobPayloads;
export const JOB_NAMES = ['run-job'] as const satisfies readonly JobName[];

/**
 * The BullMQ job id of an Atelier job: one queue entry per job, whatever its batch size. The row's
 * creation time is part of it because ids alone repeat: a fresh or restored database hands out job 1
 * again while Redis may still hold the old job 1, and BullMQ silently ignores an add whose id exists.
 */
export function bullJobId(job: { id: number; createdAt: Date }): string {
  return `job-${job.id}-${job.createdAt.getTime()}`;
}

export type JobHandler<N extends JobName> = { readonly jobName: N };

/**
 * Start-up check (STYLE.md): every job name has exactly one handler. Throws naming the missing or
 * doubled ones.
 */
export function assertHandlers(handlers: ReadonlyArray<{ jobName: string }>): void {
  const problems: string[] = [];
  for (const name of JOB_NAMES) {
    const count = handlers.filter((h) => h.jobName === name).length;
    if (count === 0) problems.push(`no handler for job "${name}"`);
    if (count > 1) problems.push(`${count} handlers for job "${name}"`);
  }
  for (const handler of handlers) {
    if (!(JOB_NAMES as readonly string[]).includes(handler.jobName))
      problems.push(`handler for unknown job "${handler.jobName}"`);
  }
  if (problems.length) throw new Error(`Queue handlers are wrong: ${problems.join('; ')}`);
}
