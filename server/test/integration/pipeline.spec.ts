import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResults } from '@atelier/shared';
import { listen, createTinyWorkflow, submitJob, waitForJob, getJob } from '../support/pipeline.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { startWorker, type WorkerProcess } from '../support/worker-process.js';
import { waitFor } from '../support/wait-for.js';

describe('the generation pipeline through the real queue and a real worker process', () => {
  let t: TestApp;
  let worker: WorkerProcess;
  let token: string;
  let workflowId: number;

  beforeAll(async () => {
    t = await startTestApp();
    worker = await startWorker(t);
    token = await t.login(await t.createUser({ username: 'painter' }));
    workflowId = await createTinyWorkflow(t);
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  it('runs a batch: events up to completed, one gallery item per item, files and thumbnails served', async () => {
    const events = await listen(t, token);
    const id = await submitJob(t, token, {
      workflow_id: workflowId,
      job_name: 'three',
      batch_size: 3,
      parameters: { seed: { mode: 'fixed', seed: 100 } },
    });
    const job = await waitForJob(t, token, id, ['completed']);
    expect(job).toMatchObject({
      batch_size: 3,
      batch_completed: 3,
      rejection_count: 0,
      error_message: null,
      job_name: 'three',
    });
    expect(job.actual_duration).toBeGreaterThanOrEqual(0);

    await waitFor('three gallery events', () => events.items.length >= 3);
    await waitFor('the completed event', () => events.jobs.some((j) => j.id === id && j.status === 'completed'));
    const statuses = events.jobs.filter((j) => j.id === id).map((j) => j.status);
    expect(statuses.at(-1)).toBe('completed');
    expect(statuses).toContain('processing');
    expect(events.items.map((i) => i.job_id)).toEqual([id, id, id]);
    expect(events.items.map((i) => i.seed_used)).toEqual([100, 101, 102]);
    events.close();

    const { rows } = await t.db.pool.query<{
      batch_index: number;
      file_path: string;
      thumbnail_path: string;
      width: number;
    }>(
      'SELECT batch_index, file_path, thumbnail_path, width FROM gallery_items WHERE job_id = $1 ORDER BY batch_index',
      [id],
    );
    expect(rows.map((r) => r.batch_index)).toEqual([0, 1, 2]);
    for (const row of rows) {
      expect(existsSync(path.join(t.dataDir, 'media', row.file_path))).toBe(true);
      expect(existsSync(path.join(t.dataDir, 'media', row.thumbnail_path))).toBe(true);
      expect(row.width).toBe(32);
    }

    const results = (await t.request<JobResults>('GET', `/api/jobs/${id}/results`, { token })).body;
    expect(results.total).toBe(3);
    const image = await fetch(`${t.baseUrl}${results.items[0]!.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const thumb = await fetch(`${t.baseUrl}${results.items[0]!.thumbnail_url}`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
  });

  it('cancels a queued job and a running one; produced items stay', async () => {
    await worker.stop();
    const queued = await submitJob(t, token, { workflow_id: workflowId, batch_size: 5 });
    const cancelled = await t.request<{ status: string }>('POST', `/api/jobs/${queued}/cancel`, { token });
    expect(cancelled.body.status).toBe('cancelled');
    expect((await t.request('POST', `/api/jobs/${queued}/cancel`, { token })).status).toBe(409);

    worker = await startWorker(t, { BUILTIN_ITEM_DELAY_MS: '150' });
    const running = await submitJob(t, token, { workflow_id: workflowId, batch_size: 60 });
    await waitFor('a few items', async () => (await getJob(t, token, running)).batch_completed >= 3);
    await t.request('POST', `/api/jobs/${running}/cancel`, { token });
    const after = await waitForJob(t, token, running, ['cancelled']);
    await new Promise((r) => setTimeout(r, 600));
    const final = await getJob(t, token, running);
    expect(final.status).toBe('cancelled');
    expect(final.batch_completed).toBeLessThan(60);
    expect(final.batch_completed).toBeLessThanOrEqual(after.batch_completed + 1);
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM gallery_items WHERE job_id = $1', [running]);
    expect(rows[0].n).toBe(final.batch_completed);
    expect((await getJob(t, token, queued)).batch_completed).toBe(0);
  });

  it('lets a small job through while a huge one runs (round robin between jobs)', async () => {
    await worker.stop();
    worker = await startWorker(t, { WORKER_CONCURRENCY: '1', JOB_SLICE_ITEMS: '10' });
    const userB = await t.login(await t.createUser({ username: 'brief' }));
    const big = await submitJob(t, token, {
      workflow_id: workflowId,
      batch_size: 2000,
      parameters: { width: 16, height: 16 },
    });
    await waitFor('the big job to start', async () => (await getJob(t, token, big)).batch_completed >= 1);
    const small = await submitJob(t, userB, { workflow_id: workflowId, batch_size: 2 });
    await waitForJob(t, userB, small, ['completed'], 60_000);
    const bigNow = await getJob(t, token, big);
    expect(bigNow.status).toBe('processing');
    expect(bigNow.batch_completed).toBeLessThan(200);
    await t.request('POST', `/api/jobs/${big}/cancel`, { token });
    await waitForJob(t, token, big, ['cancelled']);
  });
});
