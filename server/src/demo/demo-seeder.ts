import type { Logger } from 'pino';
import { createDemoAccount, type DemoAccount } from './demo-accounts.js';
import { DEMO_USERS } from './demo-content.js';
import { runDemoJob } from './demo-job-runner.js';
import { DEMO_JOBS, type DemoJob } from './demo-jobs.js';
import { removeDemoLeftovers } from './demo-leftovers.js';
import { DemoSeedError } from './demo-seed-error.js';
import { organiseGallery } from './demo-organiser.js';
import type { DemoServices } from './demo-services.js';
import { accountCreatedAt, jobTimeline } from './demo-timeline.js';
import type { DemoCounts, DemoMarker } from './demo.repository.js';
import { findSampleWorkflows, type SampleWorkflows } from './sample-workflows.js';

/** Jobs rendered at once: enough to keep two cores busy while one job waits on the database. */
const PARALLEL_JOBS = 3;

export type SeedOutcome =
  { kind: 'already-seeded'; marker: DemoMarker } | { kind: 'seeded'; usernames: string[]; counts: DemoCounts };

export interface SeedOptions {
  mediaDir: string;
  logger: Logger;
  now?: Date;
}

/**
 * Adds the demo users and their history once (the marker in system_settings says it is done);
 * a run that fails is undone, so it can simply be run again.
 */
export async function seedDemo(s: DemoServices, options: SeedOptions): Promise<SeedOutcome> {
  if (!(await s.demo.tryLock())) throw new DemoSeedError('Another seed:demo run is adding demo data; wait for it');
  try {
    const marker = await s.demo.readMarker();
    if (marker) return { kind: 'already-seeded', marker };
    const workflows = await sampleWorkflows(s);
    const removed = await removeDemoLeftovers(s, options.mediaDir);
    if (removed) options.logger.warn({ removed }, 'removed the demo users of a run that did not finish');
    try {
      return await seed(s, workflows, options);
    } catch (error) {
      await removeDemoLeftovers(s, options.mediaDir).catch((err: unknown) =>
        options.logger.error({ err }, 'could not remove the demo data of this failed run'),
      );
      throw error;
    }
  } finally {
    await s.demo.unlock();
  }
}

/** The workflows the API seeds on its first start; seeded here when the API never ran. */
async function sampleWorkflows(s: DemoServices): Promise<SampleWorkflows> {
  if ((await s.demo.visibleWorkflows()).length === 0) await s.catalogue.onApplicationBootstrap();
  const visible = await s.demo.visibleWorkflows();
  if (visible.length === 0)
    throw new DemoSeedError(
      'Start Atelier once (npm start) before seeding demo data; ' +
        'with SAMPLE_CATALOGUE=false there are no sample workflows for it to run',
    );
  return findSampleWorkflows(visible);
}

async function seed(s: DemoServices, workflows: SampleWorkflows, options: SeedOptions): Promise<SeedOutcome> {
  const now = options.now ?? new Date();
  const grantedBy = await s.demo.firstSuperAdminId();
  if (grantedBy === null) throw new DemoSeedError('There is no super_admin to grant the demo users their workflows');
  const accounts = new Map<string, DemoAccount>();
  for (const plan of DEMO_USERS)
    accounts.set(plan.username, await createDemoAccount(s, plan, workflows, grantedBy, now));
  const ownerId = (job: DemoJob) => accounts.get(job.owner)!.user.id;

  const ended = await inParallel(DEMO_JOBS, PARALLEL_JOBS, async (job) => {
    const result = await runDemoJob(s, ownerId(job), job, workflows);
    options.logger.info(
      { owner: job.owner, job: job.name, status: result.status, produced: result.batchCompleted },
      'demo job done',
    );
    return result;
  });

  for (const account of accounts.values()) {
    const own = DEMO_JOBS.flatMap((job, i) => (job.owner === account.plan.username ? [{ job, ended: ended[i]! }] : []));
    await organiseGallery(s, account, new Map(own.map(({ job, ended }) => [job.name, ended.id])));
    for (const { job, ended } of own)
      await s.demo.retimeJob(jobTimeline(ended.id, job, ended.nextBatchIndex, ended.rejectionReasons, now));
    const plans = own.map(({ job }) => job);
    await s.demo.backdateAccount(account.user.id, accountCreatedAt(plans, now), account.configurationDates);
  }
  const userIds = [...accounts.values()].map((a) => a.user.id);
  await s.demo.backdateArchiving(userIds);
  const usernames = [...accounts.keys()];
  await s.demo.writeMarker({ seeded_at: now.toISOString(), users: usernames });
  return { kind: 'seeded', usernames, counts: await s.demo.counts(userIds) };
}

/**
 * `run` over every entry, at most `limit` at a time; results in the entries' order. After a
 * failure no new entry starts, and it is thrown once the running ones have ended, so nothing is
 * still writing when the caller cleans up.
 */
async function inParallel<T, R>(entries: T[], limit: number, run: (entry: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(entries.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (next < entries.length && !failed) {
      const index = next++;
      try {
        results[index] = await run(entries[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, entries.length) }, lane));
  const rejected = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}
