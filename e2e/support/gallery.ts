import type { Page } from 'playwright-core';
import { appUrl, screenshot } from './browser.js';
import { apiToken, getJob, jobRequest, submitJob, workflowIdByName } from './api.js';
import { createUser } from './users.js';
import { withAppDatabase } from './app-database.js';

/** Gallery set-up for the browser specs: real media from the worker, folders and copies by SQL. */

async function call<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(appUrl(`/api${path}`), {
    ...init,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export interface SeenItem {
  id: number;
  job_id: number;
  job_name: string;
  folder_path: string | null;
  status: string;
  file_path: string;
  user_tags: string[];
  seed_used: number | null;
}

/** Runs a job of `count` images through the real worker and waits until every one is in the gallery. */
export async function produceMedia(
  token: string,
  workflowId: number,
  jobName: string,
  count: number,
  timeoutMs = 60_000,
): Promise<number> {
  const id = await submitJob(token, jobRequest(workflowId, jobName, count));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await getJob(token, id);
    if (job.status === 'completed') return id;
    if (['failed', 'cancelled', 'partial_success'].includes(job.status))
      throw new Error(`job ${id} ended ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`job ${id} did not complete in ${timeoutMs} ms`);
}

export function createFolderViaApi(token: string, body: { name: string; hotkey?: string | null; color?: string }) {
  return call<{ id: number; name: string }>('/folders', token, { method: 'POST', body: JSON.stringify(body) });
}

export function listGallery(token: string, query: Record<string, string> = {}): Promise<SeenItem[]> {
  return call<SeenItem[]>(`/gallery?${new URLSearchParams(query).toString()}`, token);
}

export async function galleryCount(token: string, query: Record<string, string> = {}): Promise<number> {
  return (await call<{ count: number }>(`/gallery/count?${new URLSearchParams(query).toString()}`, token)).count;
}

/**
 * Copies a job's real gallery rows until the job holds `total` items (same files, so every tile
 * shows a real thumbnail), one INSERT, each copy a second older than the one before.
 */
export async function seedGalleryCopies(jobId: number, total: number): Promise<void> {
  await withAppDatabase((client) =>
    client.query(
      `WITH originals AS (
         SELECT row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n, g.*
           FROM gallery_items g WHERE job_id = $1
       ), base AS (SELECT max(batch_index) AS top, min(created_at) AS oldest FROM gallery_items WHERE job_id = $1)
       INSERT INTO gallery_items (user_id, job_id, batch_index, output_index, file_path, thumbnail_path, media_type,
                                  content_type, size_bytes, width, height, job_name, workflow_name, status, seed_used,
                                  created_at)
         SELECT o.user_id, o.job_id, base.top + s, 0, o.file_path, o.thumbnail_path, o.media_type, o.content_type,
                o.size_bytes, o.width, o.height, o.job_name, o.workflow_name, 'active', o.seed_used,
                base.oldest - s * interval '1 second'
           FROM base, generate_series(1, $2::int - (SELECT count(*)::int FROM originals)) AS s
           JOIN originals o ON o.k = (s - 1) % o.n`,
      [jobId, total],
    ),
  );
}

/** Forgets the seed that made an item, as for media whose provider reported none. */
export async function clearSeedUsed(itemId: number): Promise<void> {
  await withAppDatabase((client) => client.query('UPDATE gallery_items SET seed_used = NULL WHERE id = $1', [itemId]));
}

/** What is on screen only (a full-page capture would stretch a fixed, full-screen dialog). */
export async function viewportScreenshot(page: Page, name: string): Promise<string> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  return screenshot(page, name, { fullPage: false });
}

/** One short video from the sample 'Text to Video' workflow, made by the real worker (ffmpeg). */
export async function produceVideo(token: string, jobName: string, timeoutMs = 60_000): Promise<number> {
  const workflows = await call<Array<{ id: number; name: string }>>('/workflows', token);
  const workflow = workflows.find((w) => w.name === 'Text to Video');
  if (!workflow) throw new Error('the sample catalogue has no Text to Video');
  const { id } = await call<{ id: number }>('/jobs', token, {
    method: 'POST',
    body: JSON.stringify({
      workflow_id: workflow.id,
      job_name: jobName,
      batch_size: 1,
      parameters: { prompt: 'waves rolling onto a beach at sunset', frames: 17, fps: 24, steps: 10 },
    }),
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const job = await getJob(token, id);
    if (job.status === 'completed') return id;
    if (['failed', 'cancelled', 'partial_success'].includes(job.status))
      throw new Error(`job ${id} ended ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`video job ${id} did not complete in ${timeoutMs} ms`);
}

/** A new user with `count` real images the worker made from the named workflow. */
export async function ownerWithMedia(jobName: string, count: number, workflow = 'Text to Image') {
  const user = await createUser('user');
  const token = await apiToken(user);
  const workflowId = await workflowIdByName(token, workflow);
  const jobId = await produceMedia(token, workflowId, jobName, count);
  return { ...user, token, workflowId, jobId };
}
