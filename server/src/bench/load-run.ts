import { performance } from 'node:perf_hooks';
import type { Job } from '@atelier/shared';
import { createEnvironment, createTinyWorkflow, createUsers } from './environment.js';
import { seedGallery } from './gallery-seed.js';
import { waitForJobEnd } from './pipeline-throughput.js';
import { processCpuSeconds, processMemory, startApi, startWorker } from './processes.js';
import { SocketFleet } from './socket-latency.js';
import { burst, page, poll, TrafficLog, type RouteStats } from './load-traffic.js';
import { type Cleanup, progress, sleep } from './support.js';

export interface LoadSettings {
  seconds: number;
  sockets: number;
  pollers: number;
  pollEveryMs: number;
  burstJobs: number;
  burstBatchSize: number;
  galleryItems: number;
}

export interface LoadResult {
  settings: LoadSettings;
  routes: RouteStats[];
  galleryPages: number;
  socketsConnected: { start: number; end: number };
  jobsAccepted: number;
  jobsCompleted: number;
  /** Final `job:updated` (status completed) that reached the owner's socket, of the jobs accepted. */
  completedEventsDelivered: number;
  jobEvents: number;
  itemEvents: number;
  queueEvents: number;
  api: { cpuPercent: number; rssStartBytes: number; rssEndBytes: number; peakRssBytes: number };
  durationS: number;
}

/**
 * Issue 9's load run: `sockets` signed-in clients stay connected; the first `pollers` of them poll
 * `/api/queue` and `/api/jobs` every 5 s; after 5 s they submit a burst of `burstJobs` jobs at
 * once; one more user scrolls a seeded gallery with the cursor for the whole window. Builtin
 * provider at zero delay, one worker. Every answer is checked; the API's CPU and memory are read
 * from /proc.
 */
export async function runLoad(cleanup: Cleanup, settings: LoadSettings): Promise<LoadResult> {
  const started = performance.now();
  const env = await createEnvironment(cleanup);
  progress(`load: seeding ${settings.galleryItems} gallery items`);
  const seed = await seedGallery(
    env,
    { items: settings.galleryItems, users: 2, heavyUserItems: settings.galleryItems - 1 },
    'bench-password-1',
  );
  const users = await createUsers(env, settings.sockets, 'bench-password-1', 'load_user');
  const workflowId = await createTinyWorkflow(env);
  const api = await startApi(env, cleanup);
  await startWorker(env, cleanup);

  const fleet = new SocketFleet(api.baseUrl);
  cleanup.add('close the load sockets', async () => fleet.close());
  progress(`load: connecting ${settings.sockets} sockets`);
  const sockets = await fleet.add(users.map((u) => u.token));
  const completedSeen = new Set<number>();
  let jobEvents = 0;
  let itemEvents = 0;
  sockets.forEach((socket, i) => {
    socket.on('job:updated', (job: Job) => {
      jobEvents++;
      if (job.status === 'completed' && job.username === users[i]!.username) completedSeen.add(job.id);
    });
    socket.on('gallery:item-created', () => {
      itemEvents++;
    });
  });
  const queueEventsBefore = fleet.queueUpdates;
  const connectedAtStart = fleet.connectedCount();

  const log = new TrafficLog(api.baseUrl);
  const cpuBefore = await processCpuSeconds(api.pid);
  const memBefore = await processMemory(api.pid);
  const windowStarted = performance.now();
  const until = Date.now() + settings.seconds * 1000;
  progress(`load: ${settings.seconds} s of traffic`);
  const pollerTokens = users.slice(0, settings.pollers).map((u) => u.token);
  const pollers = pollerTokens.map((token) => poll(log, token, settings.pollEveryMs, until));
  const pager = page(log, seed.heavy.token, until);
  await sleep(Math.min(5000, settings.seconds * 200));
  const accepted = await burst(log, pollerTokens, workflowId, settings.burstJobs, settings.burstBatchSize);
  const [galleryPages] = await Promise.all([pager, ...pollers]);
  const cpuAfter = await processCpuSeconds(api.pid);
  const windowS = (performance.now() - windowStarted) / 1000;
  const memAfter = await processMemory(api.pid);

  progress(`load: waiting for the ${accepted.length} jobs of the burst to finish`);
  let completed = 0;
  for (const id of accepted) {
    const row = await waitForJobEnd(env, id, 300_000);
    if (row.status === 'completed') completed++;
  }
  // the last events are on their way: give them the socket round trip
  const deadline = Date.now() + 10_000;
  while (completedSeen.size < completed && Date.now() < deadline) await sleep(50);

  const result: LoadResult = {
    settings,
    routes: log.stats(),
    galleryPages: galleryPages as number,
    socketsConnected: { start: connectedAtStart, end: fleet.connectedCount() },
    jobsAccepted: accepted.length,
    jobsCompleted: completed,
    completedEventsDelivered: accepted.filter((id) => completedSeen.has(id)).length,
    jobEvents,
    itemEvents,
    queueEvents: fleet.queueUpdates - queueEventsBefore,
    api: {
      cpuPercent: ((cpuAfter - cpuBefore) / windowS) * 100,
      rssStartBytes: memBefore.rssBytes,
      rssEndBytes: memAfter.rssBytes,
      peakRssBytes: memAfter.peakRssBytes,
    },
    durationS: (performance.now() - started) / 1000,
  };
  fleet.close();
  return result;
}
