import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemDirPrefix } from '../../src/pipeline/item-work-dirs.js';
import { createTinyWorkflow, getJob, listen, submitJob, waitForJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startWorker } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';

/** Short lock and stalled-check times so a killed worker's job is noticed in seconds. */
const FAST_RECOVERY = {
  WORKER_LOCK_DURATION_MS: '2000',
  WORKER_STALLED_INTERVAL_MS: '1000',
  BUILTIN_ITEM_DELAY_MS: '60',
};

describe('worker crashes', () => {
  let t: TestApp;
  let token: string;
  let workflowId: number;

  beforeAll(async () => {
    t = await startTestApp();
    token = await t.login(await t.createUser());
    workflowId = await createTinyWorkflow(t);
  });
  afterAll(() => t.close());

  /** Where the queue holds an Atelier job's entry: active (a worker has it), waiting, ... */
  async function queueStateOf(jobId: number): Promise<string | undefined> {
    const queue = new Queue('generation', { connection: t.redis.duplicate(), prefix: `${t.redisKeyPrefix}:bull` });
    try {
      const entries = await queue.getJobs(['active', 'waiting', 'prioritized', 'delayed']);
      const entry = entries.find((e) => (e.data as { jobId?: number }).jobId === jobId);
      return entry ? await entry.getState() : undefined;
    } finally {
      await queue.close();
    }
  }

  it('kill -9 mid-batch: a new worker resumes and the job ends with exactly batch-size items, no duplicates', async () => {
    // the workers' own temp folder, to see what a killed one leaves there
    const tmpDir = path.join(t.dataDir, 'worker-tmp');
    await mkdir(tmpDir, { recursive: true });
    const env = { ...FAST_RECOVERY, TMPDIR: tmpDir };
    const first = await startWorker(t, env);
    const firstPid = first.child.pid!;
    const id = await submitJob(t, token, { workflow_id: workflowId, batch_size: 40 });
    await waitFor('some items', async () => (await getJob(t, token, id)).batch_completed >= 8);
    await first.kill();
    const atCrash = await getJob(t, token, id);
    expect(atCrash.status).toBe('processing');
    expect(atCrash.batch_completed).toBeLessThan(40);
    // whether the kill caught an item mid-way is chance: one such folder is made sure of
    await mkdir(path.join(tmpDir, `${itemDirPrefix(firstPid)}crashed`, 'partial'), { recursive: true });
    // a folder of a process that is still running (this one) belongs to a live worker, and one
    // named on another host (a container sharing the folder) is not this host's to judge
    const kept = [`${itemDirPrefix(process.pid)}live`, `atelier-item-otherhost-${firstPid}-elsewhere`];
    for (const name of kept) await mkdir(path.join(tmpDir, name));

    const second = await startWorker(t, env);
    const done = await waitForJob(t, token, id, ['completed'], 60_000);
    await second.stop();
    expect(done.batch_completed).toBe(40);
    expect((await readdir(tmpDir)).sort()).toEqual([...kept].sort());
    const { rows } = await t.db.pool.query<{ n: number; distinct_items: number; min: number; max: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT batch_index)::int AS distinct_items, min(batch_index) AS min, max(batch_index) AS max
         FROM gallery_items WHERE job_id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ n: 40, distinct_items: 40, min: 0, max: 39 });
  });

  it('SIGTERM mid-batch: the worker hands the job back and exits 0; another finishes it', async () => {
    const first = await startWorker(t, FAST_RECOVERY);
    const id = await submitJob(t, token, { workflow_id: workflowId, batch_size: 30 });
    await waitFor('some items', async () => (await getJob(t, token, id)).batch_completed >= 5);
    expect(await first.stop()).toBe(0);
    const second = await startWorker(t, FAST_RECOVERY);
    const done = await waitForJob(t, token, id, ['completed'], 60_000);
    await second.stop();
    expect(done.batch_completed).toBe(30);
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM gallery_items WHERE job_id = $1', [id]);
    expect(rows[0].n).toBe(30);
  });

  it('SIGTERM mid-item, the item outlasting the grace period: the job is handed back within it (exit 0), another worker finishes it', async () => {
    // the default lock (30 s): only a hand-back, not a lapsed lock, lets another worker in soon
    const first = await startWorker(t, { BUILTIN_ITEM_DELAY_MS: '12000', SHUTDOWN_GRACE_MS: '4000' });
    const events = await listen(t, token);
    const id = await submitJob(t, token, { workflow_id: workflowId, batch_size: 2 });
    await waitFor('the first item to be under way', () => events.progress.some((p) => p.job_id === id));
    events.close();

    // exit 0: done before the grace period ran out (then it exits 1)
    expect(await first.stop()).toBe(0);
    expect(await queueStateOf(id)).toMatch(/^(waiting|prioritized)$/);
    const second = await startWorker(t);
    const done = await waitForJob(t, token, id, ['completed'], 30_000);
    await second.stop();
    expect(done.batch_completed).toBe(2);
    const { rows } = await t.db.pool.query<{ n: number; distinct_items: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT batch_index)::int AS distinct_items FROM gallery_items WHERE job_id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ n: 2, distinct_items: 2 });
  }, 60_000);

  it("runs a job whose id an earlier database already used, and drops that database's queue entries", async () => {
    const worker = await startWorker(t);
    const earlier = await submitJob(t, token, { workflow_id: workflowId, batch_size: 2 });
    await waitForJob(t, token, earlier, ['completed'], 30_000);
    // a database restored from a backup taken before that job: its id will be handed out again
    await t.db.pool.query('DELETE FROM jobs WHERE id = $1', [earlier]);
    await t.db.pool.query(`ALTER TABLE jobs ALTER COLUMN id RESTART WITH ${earlier}`);
    // and a queue entry another database left waiting for a job of the same id
    const stale = new Queue('generation', { connection: t.redis.duplicate(), prefix: `${t.redisKeyPrefix}:bull` });
    await worker.stop();
    await stale.add('run-job', { jobId: earlier }, { jobId: `job-${earlier}-1000` });
    await stale.close();

    const again = await submitJob(t, token, { workflow_id: workflowId, batch_size: 3 });
    expect(again).toBe(earlier);
    const second = await startWorker(t);
    const done = await waitForJob(t, token, again, ['completed'], 30_000);
    await second.stop();
    expect(done.batch_completed).toBe(3);
    const { rows } = await t.db.pool.query<{ n: number; distinct_items: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT batch_index)::int AS distinct_items FROM gallery_items WHERE job_id = $1',
      [again],
    );
    expect(rows[0]).toEqual({ n: 3, distinct_items: 3 });
  });

  it('re-enqueues unfinished jobs whose queue entry was lost', async () => {
    const id = await submitJob(t, token, { workflow_id: workflowId, batch_size: 2 });
    const keys = await t.redis.keys(`${t.redisKeyPrefix}:bull:*`);
    await t.redis.del(...keys);
    const worker = await startWorker(t);
    const done = await waitForJob(t, token, id, ['completed'], 30_000);
    await worker.stop();
    expect(done.batch_completed).toBe(2);
  });

  it('gives an unfinished job whose queue entry failed for good a fresh entry, with its tries and backoff', async () => {
    const id = await submitJob(t, token, { workflow_id: workflowId, batch_size: 2 });
    const connection = t.redis.duplicate({ maxRetriesPerRequest: null });
    const prefix = `${t.redisKeyPrefix}:bull`;
    const queue = new Queue('generation', { connection, prefix });
    // every try failed while the database was away: the entry lies in `failed`, the row says processing
    const failing = new Worker('generation', () => Promise.reject(new UnrecoverableError('connect ECONNREFUSED')), {
      connection: t.redis.duplicate({ maxRetriesPerRequest: null }),
      prefix,
    });
    try {
      const entryId = await waitFor('the entry to fail', async () => {
        const [failed] = await queue.getJobs(['failed']);
        return failed && (failed.data as { jobId: number }).jobId === id ? failed.id : undefined;
      });
      await failing.close();
      await t.db.pool.query(`UPDATE jobs SET status = 'processing' WHERE id = $1`, [id]);

      const worker = await startWorker(t);
      const done = await waitForJob(t, token, id, ['completed'], 30_000).finally(() => worker.stop());
      expect(done.batch_completed).toBe(2);
      const revived = await queue.getJob(entryId!);
      expect(revived?.opts).toMatchObject({ attempts: 20, backoff: { type: 'capped-exponential', delay: 2000 } });
    } finally {
      await failing.close();
      await queue.close();
    }
  });
});
