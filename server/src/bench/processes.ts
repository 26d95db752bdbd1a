import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { envSchema } from '../config/config.schema.js';
import type { BenchEnvironment } from './environment.js';
import type { BareAnswer } from './gallery-latency.js';
import { type Cleanup, progress, sleep } from './support.js';

/** Printed on stdout by api-process.js once it listens, followed by the port. */
export const LISTENING_MARKER = 'BENCH_API_LISTENING';
/** Printed on stdout by bare-http-process.js once it listens, followed by the port. */
export const BARE_HTTP_MARKER = 'BENCH_BARE_HTTP_LISTENING';
const WORKER_READY = 'generation worker consuming';

const DIST_DIR = path.resolve(import.meta.dirname, '..');
const WORKER_ENTRY = path.join(DIST_DIR, 'worker.js');
const API_ENTRY = path.join(import.meta.dirname, 'api-process.js');
const BARE_HTTP_ENTRY = path.join(import.meta.dirname, 'bare-http-process.js');

export interface ChildService {
  readonly name: string;
  readonly pid: number;
  /** The last 200 kB of what it printed, for the error message when something goes wrong. */
  output(): string;
  running(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The environment of a child: the machine's, minus every Atelier setting it might carry (so a
 * developer's .env cannot change what is measured), plus the bench's database, Redis prefix, data
 * directory and secret, the builtin provider at zero delay, no job submission limit and no log
 * lines per request.
 */
function childEnv(env: BenchEnvironment, extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(envSchema.shape)) delete inherited[key];
  return {
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    REDIS_KEY_PREFIX: env.keyPrefix,
    DATA_DIR: env.dataDir,
    JWT_SECRET: env.jwtSecret,
    SAMPLE_CATALOGUE: 'false',
    CLIENT_DIST_DIR: path.join(env.dataDir, 'no-client'),
    GENERATION_PROVIDER: 'builtin',
    BUILTIN_ITEM_DELAY_MS: '0',
    // one bench user submits hundreds of jobs in seconds: what is measured is the pipeline, not the limit
    JOB_SUBMIT_MAX_PER_USER: '1000000',
    ...extra,
  };
}

/** Extra node flags for a child, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its time goes. */
function nodeArgsFromEnv(name: string): string[] {
  return (process.env[name] ?? '').split(/\s+/).filter(Boolean);
}

async function startChild(
  name: string,
  entry: string,
  nodeArgs: string[],
  env: NodeJS.ProcessEnv,
  ready: (output: string) => boolean,
  cleanup: Cleanup,
): Promise<ChildService> {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  let out = '';
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, entry], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const collect = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.stdin?.on('error', () => undefined);
  const running = () => child.exitCode === null && child.signalCode === null;
  const service: ChildService = {
    name,
    pid: child.pid ?? -1,
    output: () => out,
    running,
    stop: async (graceMs = 15_000) => {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      child.stdin?.destroy();
    },
  };
  cleanup.add(`stop the ${name}`, () => service.stop());

  const deadline = Date.now() + 60_000;
  while (!ready(out)) {
    if (!running()) throw new Error(`the ${name} exited during start-up:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the ${name} did not start within 60 s:\n${out}`);
    await sleep(50);
  }
  progress(`${name} started (pid ${service.pid})`);
  return service;
}

export interface ApiService extends ChildService {
  baseUrl: string;
}

/** A child that prints `marker` and its port once it listens on loopback. */
async function startListening(
  name: string,
  entry: string,
  marker: string,
  nodeArgs: string[],
  env: NodeJS.ProcessEnv,
  cleanup: Cleanup,
): Promise<ApiService> {
  const listening = new RegExp(`${marker} (\\d+)`);
  const service = await startChild(name, entry, nodeArgs, env, (out) => listening.test(out), cleanup);
  const port = Number(listening.exec(service.output())?.[1]);
  return Object.assign(service, { baseUrl: `http://127.0.0.1:${port}` });
}

/** The API (REST, Socket.IO with the Redis adapter) as a child process on a free loopback port. */
export function startApi(env: BenchEnvironment, cleanup: Cleanup): Promise<ApiService> {
  const args = nodeArgsFromEnv('BENCH_API_NODE_ARGS');
  return startListening('API process', API_ENTRY, LISTENING_MARKER, args, childEnv(env, {}), cleanup);
}

/** bare-http-process.js answering `answers` (path -> JSON text and SQL steps), for the floors under the API figures. */
export async function startBareHttp(
  env: BenchEnvironment,
  cleanup: Cleanup,
  answers: Record<string, BareAnswer>,
): Promise<ApiService> {
  const file = path.join(env.dataDir, 'bare-http-bodies.json');
  await writeFile(file, JSON.stringify(answers));
  const childEnv = { ...process.env, BARE_HTTP_BODIES: file, BARE_HTTP_DATABASE_URL: env.databaseUrl };
  return startListening('bare HTTP process', BARE_HTTP_ENTRY, BARE_HTTP_MARKER, [], childEnv, cleanup);
}

/** A real worker process (server/dist/worker.js) with the default WORKER_CONCURRENCY. */
export function startWorker(env: BenchEnvironment, cleanup: Cleanup): Promise<ChildService> {
  return startChild(
    'worker process',
    WORKER_ENTRY,
    nodeArgsFromEnv('BENCH_WORKER_NODE_ARGS'),
    childEnv(env, { LOG_LEVEL: 'info' }),
    (out) => out.includes(WORKER_READY),
    cleanup,
  );
}

export interface ProcessMemory {
  rssBytes: number;
  peakRssBytes: number;
}

/** VmRSS and VmHWM of a process, from /proc. */
export async function processMemory(pid: number): Promise<ProcessMemory> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]) * 1024;
  };
  return { rssBytes: kib('VmRSS'), peakRssBytes: kib('VmHWM') };
}

/** Clock ticks per second of /proc/<pid>/stat times: 100 on every Linux this runs on (USER_HZ). */
const USER_HZ = 100;

/** User + system CPU seconds a process has used so far, from /proc (10 ms resolution). */
export async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // the command name (field 2) may hold spaces: count fields from its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`cannot read the CPU times of ${pid}`);
  return (utime + stime) / USER_HZ;
}
