import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  GalleryChange,
  GalleryItem,
  Job,
  JobProgress,
  QueueStatus,
  ServerToClientEvents,
} from '@atelier/shared';
import { tinyWorkflowParams } from '../../src/bench/tiny-workflow.js';
import type { TestApp } from './test-app.js';
import { waitFor } from './wait-for.js';

/** A small JSON workflow the builtin renderer draws in milliseconds (sizes up to 64 px). */
export async function createTinyWorkflow(t: TestApp, name = 'Tiny'): Promise<number> {
  const params = tinyWorkflowParams('a tiny test', 32);
  const { rows } = await t.db.pool.query<{ id: number }>(
    `INSERT INTO workflows (name, workflow_type, graph, configurable_params) VALUES ($1, 'comfyui', '{}', $2) RETURNING id`,
    [name, JSON.stringify(params)],
  );
  return rows[0]!.id;
}

export async function submitJob(t: TestApp, token: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.request<{ id: number; error?: string }>('POST', '/api/jobs', { token, body });
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function getJob(t: TestApp, token: string, id: number): Promise<Job> {
  return (await t.request<Job>('GET', `/api/jobs/${id}`, { token })).body;
}

export function waitForJob(
  t: TestApp,
  token: string,
  id: number,
  statuses: Job['status'][],
  timeoutMs = 60_000,
): Promise<Job> {
  return waitFor(
    `job ${id} to reach ${statuses.join(' or ')}`,
    async () => {
      const job = await getJob(t, token, id);
      return statuses.includes(job.status) ? job : undefined;
    },
    timeoutMs,
    100,
  );
}

export interface EventLog {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  jobs: Job[];
  progress: JobProgress[];
  items: GalleryItem[];
  galleryChanges: GalleryChange[];
  queue: QueueStatus[];
  close(): void;
}

/** A real socket.io client signed in with `token`, recording every event it receives. */
export async function listen(t: TestApp, token: string): Promise<EventLog> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.baseUrl, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  const log: EventLog = {
    socket,
    jobs: [],
    progress: [],
    items: [],
    galleryChanges: [],
    queue: [],
    close: () => socket.close(),
  };
  socket.on('job:updated', (job) => log.jobs.push(job));
  socket.on('job:progress', (p) => log.progress.push(p));
  socket.on('gallery:item-created', (item) => log.items.push(item));
  socket.on('gallery:changed', (change) => log.galleryChanges.push(change));
  socket.on('queue:updated', (status) => log.queue.push(status));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return log;
}
