import 'reflect-metadata';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ApiClient } from './api-client.js';
import { createEnvironment, createTinyWorkflow, createUsers, type BenchEnvironment } from './environment.js';
import { measureMemory } from './memory.js';
import { combineThroughput, measurePipeline, measureRawLoop } from './pipeline-throughput.js';
import { startApi, startWorker } from './processes.js';
import { benchGallery, type GallerySettings } from './gallery-bench.js';
import { renderGalleryReport } from './gallery-report.js';
import { renderReport } from './report.js';
import { renderLoadReport } from './load-report.js';
import { runLoad, type LoadSettings } from './load-run.js';
import { measureSocketLatency, SocketFleet, type SocketLatencyResult } from './socket-latency.js';
import { measureSubmitLatency } from './submit-latency.js';
import { Cleanup, errorMessage, grouped, intFromEnv, progress } from './support.js';

/**
 * `npm run bench`: the figures of issue 4, each beside a raw baseline measured in the same run,
 * printed as Markdown on stdout (progress goes to stderr). Settings, all optional:
 *   BENCH_DATABASE_URL   a PostgreSQL URL allowed to create databases (postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_REDIS_URL      redis://127.0.0.1:6379
 *   BENCH_SUBMIT_CALLS   calls of each batch size for figure 1 (100)
 *   BENCH_PIPELINE_ITEMS items of the throughput job and of the raw loop, figure 2 (1000)
 *   BENCH_SOCKET_JOBS    one-item jobs per client count, figure 3 (100)
 *   BENCH_SOCKET_CLIENTS connected clients of the large case, figure 3 (500)
 *   BENCH_MEMORY_ITEMS   items of figure 4 (100000); BENCH_MEMORY_JOB_SIZE items per job (100)
 *   BENCH_GALLERY_ITEMS  gallery items of the seed (1000000); BENCH_GALLERY_HEAVY the measured user's (200000)
 *   BENCH_GALLERY_USERS  users of the seed (100); BENCH_GALLERY_CALLS calls per gallery case (100)
 *   BENCH_ANALYTICS_JOBS one-item jobs added for the analytics cases (1000000)
 *   BENCH_LOAD_SECONDS   length of the load run (60); BENCH_LOAD_SOCKETS its connected clients (500)
 *   BENCH_LOAD_POLLERS   users polling the queue and their jobs every 5 s (50); BENCH_LOAD_BURST jobs submitted at once (200)
 *   BENCH_ONLY           `pipeline`, `gallery` or `load` to run one part (all three)
 *   BENCH_TIMEOUT_S      the whole run is abandoned (and cleaned up) after this (3600)
 */
interface Settings {
  submitCalls: number;
  pipelineItems: number;
  socketJobs: number;
  socketPings: number;
  socketClients: number;
  memoryItems: number;
  memoryJobSize: number;
  memoryInFlight: number;
  timeoutS: number;
  parts: Set<Part>;
  gallery: GallerySettings;
  load: LoadSettings;
}

type Part = 'pipeline' | 'gallery' | 'load';
const PARTS: Part[] = ['pipeline', 'gallery', 'load'];

function readParts(): Set<Part> {
  const only = process.env.BENCH_ONLY?.trim();
  if (!only) return new Set(PARTS);
  if (!PARTS.includes(only as Part)) throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}, got "${only}"`);
  return new Set([only as Part]);
}

function readSettings(): Settings {
  return {
    submitCalls: intFromEnv('BENCH_SUBMIT_CALLS', 100),
    pipelineItems: intFromEnv('BENCH_PIPELINE_ITEMS', 1000),
    socketJobs: intFromEnv('BENCH_SOCKET_JOBS', 100),
    socketPings: 200,
    socketClients: intFromEnv('BENCH_SOCKET_CLIENTS', 500, 2),
    memoryItems: intFromEnv('BENCH_MEMORY_ITEMS', 100_000),
    memoryJobSize: intFromEnv('BENCH_MEMORY_JOB_SIZE', 100),
    memoryInFlight: 3,
    timeoutS: intFromEnv('BENCH_TIMEOUT_S', 3600),
    parts: readParts(),
    gallery: {
      items: intFromEnv('BENCH_GALLERY_ITEMS', 1_000_000),
      heavyUserItems: intFromEnv('BENCH_GALLERY_HEAVY', 200_000),
      users: intFromEnv('BENCH_GALLERY_USERS', 100, 2),
      calls: intFromEnv('BENCH_GALLERY_CALLS', 100, 50),
      depth: 100_000,
      analyticsJobs: intFromEnv('BENCH_ANALYTICS_JOBS', 1_000_000),
    },
    load: {
      seconds: intFromEnv('BENCH_LOAD_SECONDS', 60, 10),
      sockets: intFromEnv('BENCH_LOAD_SOCKETS', 500),
      pollers: intFromEnv('BENCH_LOAD_POLLERS', 50),
      pollEveryMs: 5000,
      burstJobs: intFromEnv('BENCH_LOAD_BURST', 200),
      burstBatchSize: 2,
      galleryItems: 20_000,
    },
  };
}

const PASSWORD = 'bench-password-1';

/** Other work on the machine shows here: every figure shares its two cores with it. */
function loadAverage(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
}

async function describeEnvironment(env: BenchEnvironment, settings: Settings): Promise<Array<[string, string]>> {
  const { rows } = await env.pool.query<{ server_version: string }>('SHOW server_version');
  const redisInfo = await env.redis.info('server');
  const cpus = os.cpus();
  return [
    ['CPUs', `${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown'}`],
    ['Memory', `${grouped(os.totalmem() / 1024 / 1024)} MB`],
    ['OS', `${os.type()} ${os.release()} ${os.arch()}`],
    ['Node.js', process.version],
    ['PostgreSQL', rows[0]?.server_version ?? 'unknown'],
    ['Redis', /^redis_version:(\S+)/m.exec(redisInfo)?.[1] ?? 'unknown'],
    ['Load average at the start (1, 5, 15 min)', loadAverage()],
    [
      'Settings',
      `submit calls ${settings.submitCalls}, pipeline items ${grouped(settings.pipelineItems)}, ` +
        `socket jobs ${settings.socketJobs}, socket clients ${settings.socketClients}, ` +
        `memory items ${grouped(settings.memoryItems)} in jobs of ${grouped(settings.memoryJobSize)}`,
    ],
  ];
}

/** The report of every part asked for; each part sets up (and leaves to `cleanup`) its own database and processes. */
async function bench(cleanup: Cleanup, settings: Settings): Promise<string> {
  const reports: string[] = [];
  if (settings.parts.has('pipeline')) {
    reports.push(await benchPipeline(cleanup, settings));
    // its processes, database and files go before the gallery's seed needs the machine
    await cleanup.run();
  }
  if (settings.parts.has('gallery')) {
    const { gallery } = settings;
    // the seed is the size asked for; the depth of figure 2 and 3 must lie inside the heavy user's items
    gallery.depth = Math.min(gallery.depth, Math.floor(gallery.heavyUserItems / 2 / 100) * 100);
    const result = await benchGallery(cleanup, gallery);
    reports.push(renderGalleryReport(result));
    await cleanup.run();
  }
  if (settings.parts.has('load')) {
    if (settings.load.pollers > settings.load.sockets)
      throw new Error('BENCH_LOAD_POLLERS must not exceed BENCH_LOAD_SOCKETS');
    reports.push(renderLoadReport(await runLoad(cleanup, settings.load)));
  }
  const report = reports.join('\n');
  return settings.parts.has('pipeline') ? report : `# Atelier bench\n\n${report}`;
}

async function benchPipeline(cleanup: Cleanup, settings: Settings): Promise<string> {
  const started = performance.now();
  const env = await createEnvironment(cleanup);
  const environment = await describeEnvironment(env, settings);
  const apiProcess = await startApi(env, cleanup);
  const api = new ApiClient(apiProcess.baseUrl);
  const users = await createUsers(env, settings.socketClients, PASSWORD);
  const owner = users[0]!;
  // the owner signs in through the API, the others carry tokens signed the same way
  owner.token = await api.login(owner.username, PASSWORD);
  const workflowId = await createTinyWorkflow(env);

  progress(`figure 1: submit latency, ${settings.submitCalls} calls of each batch size`);
  const submit = await measureSubmitLatency(env, api, owner.token, workflowId, settings.submitCalls);

  const firstHalf = Math.ceil(settings.pipelineItems / 2);
  progress(`figure 2: raw loop, first ${grouped(firstHalf)} items`);
  const rawBefore = await measureRawLoop(env, owner.id, firstHalf, 20);
  const worker = await startWorker(env, cleanup);
  progress(`figure 2: pipeline, one job of ${grouped(settings.pipelineItems)} items`);
  const pipeline = await measurePipeline(env, api, owner.token, workflowId, settings.pipelineItems, worker);
  progress(`figure 2: raw loop, last ${grouped(settings.pipelineItems - firstHalf)} items`);
  const rawAfter = await measureRawLoop(env, owner.id, settings.pipelineItems - firstHalf, 0);
  const raw = combineThroughput(rawBefore, rawAfter);

  const fleet = new SocketFleet(apiProcess.baseUrl);
  cleanup.add('close the socket clients', async () => fleet.close());
  const [ownerSocket] = await fleet.add([owner.token]);
  const sockets: SocketLatencyResult[] = [];
  progress('figure 3: socket latency with 1 client');
  sockets.push(
    await measureSocketLatency(
      env,
      api,
      owner,
      ownerSocket!,
      fleet,
      workflowId,
      settings.socketJobs,
      settings.socketPings,
    ),
  );
  progress(`figure 3: connecting ${settings.socketClients - 1} more clients`);
  await fleet.add(users.slice(1).map((u) => u.token));
  progress(`figure 3: socket latency with ${fleet.sockets.length} clients`);
  sockets.push(
    await measureSocketLatency(
      env,
      api,
      owner,
      ownerSocket!,
      fleet,
      workflowId,
      settings.socketJobs,
      settings.socketPings,
    ),
  );
  fleet.close();

  progress(`figure 4: memory over ${grouped(settings.memoryItems)} items with a fresh worker`);
  await worker.stop();
  const memoryWorker = await startWorker(env, cleanup);
  const memory = await measureMemory(
    env,
    api,
    owner.token,
    workflowId,
    memoryWorker,
    settings.memoryItems,
    settings.memoryJobSize,
    settings.memoryInFlight,
    settings.timeoutS * 1000,
  );
  await memoryWorker.stop();

  return renderReport({
    environment: [...environment, ['Load average at the end (1, 5, 15 min)', loadAverage()]],
    submit,
    raw,
    pipeline,
    sockets,
    memory,
    durationS: (performance.now() - started) / 1000,
  });
}

async function main(): Promise<number> {
  const settings = readSettings();
  const cleanup = new Cleanup();
  let finishing = false;
  const abandon = async (reason: string, code: number) => {
    if (finishing) return;
    finishing = true;
    progress(`${reason}: cleaning up`);
    await cleanup.run();
    process.exit(code);
  };
  const onSignal = (signal: NodeJS.Signals) => void abandon(`received ${signal}`, 130);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // whatever throws outside the awaited flow still ends in a cleaned-up exit (and never mid-cleanup)
  const onCrash = (error: unknown) => void abandon(`unexpected error: ${errorMessage(error)}`, 1);
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const timer = setTimeout(
    () => void abandon(`still running after ${settings.timeoutS} s`, 1),
    settings.timeoutS * 1000,
  );

  try {
    const report = await bench(cleanup, settings);
    process.stdout.write(report);
    return 0;
  } catch (error) {
    progress(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : errorMessage(error)}`);
    return 1;
  } finally {
    clearTimeout(timer);
    if (!finishing) {
      finishing = true;
      await cleanup.run();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench crashed: ${errorMessage(error)}\n`);
    process.exit(1);
  },
);
