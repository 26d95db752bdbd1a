import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimatedWaitMinutes, type QueueStatus } from '@atelier/shared';
import { startTestApp, type TestApp } from '../support/test-app.js';
import type { TestUser } from '../support/factories.js';
import { waitFor } from '../support/wait-for.js';
import { startWorker } from '../support/worker-process.js';

describe('GET /api/queue', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let token: string;
  let workflowId: number;

  const insertJob = async (user: TestUser, fields: Record<string, unknown>) => {
    const columns = Object.keys(fields);
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO jobs (user_id, workflow_id, workflow_name, ${columns.join(', ')})
       VALUES ($1, $2, 'Portrait', ${columns.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id`,
      [user.id, workflowId, ...Object.values(fields)],
    );
    return rows[0]!.id;
  };
  const workersKey = () => `${t.redisKeyPrefix}:workers`;

  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.createUser({ username: 'alice' });
    bob = await t.createUser({ username: 'bob' });
    token = await t.login(alice);
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, workflow_slug) VALUES ('Portrait', 'slug', 'portrait') RETURNING id`,
    );
    workflowId = rows[0]!.id;
  });
  beforeEach(async () => {
    await t.db.pool.query('DELETE FROM jobs');
    await t.redis.del(workersKey());
  });
  afterAll(() => t.close());

  it('shows the empty queue', async () => {
    const res = await t.request<QueueStatus>('GET', '/api/queue', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      as_of: expect.any(Number),
      stats: { processing: 0, queued: 0, submitting: 0, total_items: 0, estimated_wait_time: 0 },
      current_job: null,
      running_jobs: [],
      upcoming_jobs: [],
    });
  });

  it('stamps each view with when it was read, by the database clock every process shares', async () => {
    const read = async () => (await t.request<QueueStatus>('GET', '/api/queue', { token })).body.as_of;
    const first = await read();
    const { rows } = await t.db.pool.query<{ us: string }>(
      `SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint AS us`,
    );
    const later = await read();
    expect(first).toBeLessThanOrEqual(Number(rows[0]!.us));
    expect(later).toBeGreaterThan(Number(rows[0]!.us));
  });

  it("shows another user's jobs without what they typed or why their items failed", async () => {
    const reasons = JSON.stringify([
      { batch_index: 0, reason: 'bob-secret-reason', timestamp: '2026-01-01T00:00:00Z' },
    ]);
    const fields = { parameters: JSON.stringify({ prompt: 'bob-secret-prompt' }), rejection_reasons: reasons };
    const running = await insertJob(bob, {
      ...fields,
      job_name: 'bob running',
      batch_size: 3,
      rejection_count: 1,
      error_message: 'bob-secret-error',
      status: 'processing',
    });
    const waiting = await insertJob(bob, { ...fields, job_name: 'bob waiting', batch_size: 2, status: 'queued' });
    const res = await t.request<QueueStatus>('GET', '/api/queue', { token });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/bob-secret/);
    expect(res.body.running_jobs[0]).toMatchObject({
      id: running,
      job_name: 'bob running',
      username: 'bob',
      batch_size: 3,
      rejection_count: 1,
      parameters: {},
      rejection_reasons: [],
      error_message: null,
    });
    expect(res.body.upcoming_jobs.map((j) => [j.id, j.job_name, j.parameters])).toEqual([[waiting, 'bob waiting', {}]]);
    // the owner still sees it all on the job itself
    const own = await t.request<{ parameters: unknown; error_message: string }>('GET', `/api/jobs/${running}`, {
      token: await t.login(bob),
    });
    expect(own.body).toMatchObject({ parameters: { prompt: 'bob-secret-prompt' }, error_message: 'bob-secret-error' });
  });

  it('shows every user the running job and the waiting ones in dequeue order, with items left', async () => {
    const running = await insertJob(bob, {
      job_name: 'running',
      batch_size: 10,
      next_batch_index: 4,
      batch_completed: 4,
      status: 'processing',
    });
    const low = await insertJob(alice, {
      job_name: 'low',
      batch_size: 3,
      status: 'queued',
      created_at: new Date(Date.now() - 60_000),
    });
    const high = await insertJob(bob, { job_name: 'high', batch_size: 2, status: 'queued', priority: 5 });
    const later = await insertJob(alice, { job_name: 'later', batch_size: 1, status: 'queued' });
    await insertJob(alice, {
      job_name: 'done',
      batch_size: 5,
      status: 'completed',
      batch_completed: 5,
      next_batch_index: 5,
    });

    const res = await t.request<QueueStatus>('GET', '/api/queue', { token });
    expect(res.body.current_job).toMatchObject({
      id: running,
      username: 'bob',
      batch_completed: 4,
      status: 'processing',
    });
    expect(res.body.running_jobs.map((j) => j.id)).toEqual([running]);
    expect(res.body.upcoming_jobs.map((j) => j.id)).toEqual([high, low, later]);
    expect(res.body.stats).toMatchObject({ processing: 1, queued: 3, submitting: 0, total_items: 6 + 3 + 2 + 1 });
    // no history for the workflow: 30 s an item, and no live worker counts as one
    expect(res.body.stats.estimated_wait_time).toBe(12 * 30);
  });

  it('lists every job the workers have taken, oldest first, with its own progress; current_job is the first', async () => {
    const started = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000);
    const second = await insertJob(alice, {
      job_name: 'second',
      batch_size: 8,
      batch_completed: 2,
      next_batch_index: 2,
      status: 'processing',
      created_at: started(60),
    });
    const first = await insertJob(bob, {
      job_name: 'first',
      batch_size: 5,
      batch_completed: 3,
      next_batch_index: 3,
      status: 'processing',
      created_at: started(120),
    });
    const third = await insertJob(bob, {
      job_name: 'third',
      batch_size: 4,
      status: 'submitting',
      created_at: started(30),
    });
    const waiting = await insertJob(alice, {
      job_name: 'waiting',
      batch_size: 1,
      status: 'queued',
      created_at: started(200),
    });

    const res = await t.request<QueueStatus>('GET', '/api/queue', { token });
    expect(
      res.body.running_jobs.map((j) => [j.job_name, j.username, j.status, j.batch_completed, j.batch_size]),
    ).toEqual([
      ['first', 'bob', 'processing', 3, 5],
      ['second', 'alice', 'processing', 2, 8],
      ['third', 'bob', 'submitting', 0, 4],
    ]);
    expect(res.body.running_jobs.map((j) => j.id)).toEqual([first, second, third]);
    expect(res.body.current_job).toEqual(res.body.running_jobs[0]);
    expect(res.body.upcoming_jobs.map((j) => j.id)).toEqual([waiting]);
    expect(res.body.stats).toMatchObject({ processing: 2, submitting: 1, queued: 1, total_items: 2 + 6 + 4 + 1 });
  });

  /** A finished 10-item job that took `seconds`: the recent rate the wait is estimated from. */
  const insertHistory = (seconds: number) =>
    insertJob(alice, {
      job_name: 'history',
      batch_size: 10,
      batch_completed: 10,
      next_batch_index: 10,
      status: 'completed',
      actual_duration: seconds,
      completed_at: new Date(),
    });

  it("estimates the wait from recent seconds per item, divided among the live workers' job slots", async () => {
    await insertHistory(50);
    await insertJob(bob, { job_name: 'waiting', batch_size: 8, status: 'queued' });
    const oneWorker = await t.request<QueueStatus>('GET', '/api/queue', { token });
    expect(oneWorker.body.stats.estimated_wait_time).toBe(8 * 5);

    const soon = Date.now() + 30_000;
    // one worker running 3 jobs at once, one that names no slots (counted as one), one gone
    await t.redis.zadd(workersKey(), soon, 'host:1/3', soon, 'host:2', Date.now() - 1000, 'host:dead/4');
    const fourSlots = await t.request<QueueStatus>('GET', '/api/queue', { token });
    expect(fourSlots.body.stats.estimated_wait_time).toBe(10);
  });

  it('rounds the wait up, as the queue screen rounds its minutes: 60.4 s is 2 minutes, 0.4 s is 1', async () => {
    await insertHistory(151);
    await insertJob(bob, { job_name: 'waiting', batch_size: 4, status: 'queued' });
    const minutes = async () =>
      estimatedWaitMinutes(
        (await t.request<QueueStatus>('GET', '/api/queue', { token })).body.stats.estimated_wait_time,
      );
    expect(await minutes()).toBe(2);

    await t.db.pool.query(`UPDATE jobs SET actual_duration = 1 WHERE job_name = 'history'`);
    expect(await minutes()).toBe(1);
  });

  it("counts a real worker process's WORKER_CONCURRENCY while it runs, and stops counting it when it stops", async () => {
    // the worker may take the job (its reconciler enqueues rows that have no queue entry), but its
    // first item takes a minute: no item ends during the test, so the work to wait for stays put
    await insertJob(bob, { job_name: 'waiting', batch_size: 8, status: 'queued' });
    const estimate = async () =>
      (await t.request<QueueStatus>('GET', '/api/queue', { token })).body.stats.estimated_wait_time;
    expect(await estimate()).toBe(8 * 30);

    const worker = await startWorker(t, { WORKER_CONCURRENCY: '3', BUILTIN_ITEM_DELAY_MS: '60000' });
    try {
      await waitFor('the worker to count', async () => (await estimate()) === (8 * 30) / 3);
    } finally {
      await worker.stop();
    }
    expect(await estimate()).toBe(8 * 30);
  });
});
