import type { MemoryResult } from './memory.js';
import type { PipelineResult, ThroughputResult } from './pipeline-throughput.js';
import type { SocketLatencyResult } from './socket-latency.js';
import { LARGE_BATCH, type SubmitLatencyResult } from './submit-latency.js';
import { fixed, grouped, megabytes, ms, table } from './support.js';

export interface BenchResults {
  environment: Array<[string, string]>;
  submit: SubmitLatencyResult;
  raw: ThroughputResult;
  pipeline: PipelineResult;
  sockets: SocketLatencyResult[];
  memory: MemoryResult;
  durationS: number;
}

interface Row {
  figure: string;
  measured: string;
  baseline: string;
  ratio: string;
  target: string;
  met: boolean | null;
}

const MB = 1024 * 1024;

function rows(r: BenchResults): Row[] {
  const out: Row[] = [];
  const { submit, raw, pipeline, memory } = r;
  for (const p of ['p50', 'p99'] as const) {
    const ratio = submit.large[p] / submit.small[p];
    out.push({
      figure: `1. Submit latency ${p}, POST /api/jobs batch ${grouped(LARGE_BATCH)} (baseline: batch 1)`,
      measured: ms(submit.large[p]),
      baseline: ms(submit.small[p]),
      ratio: `${fixed(ratio, 2)}x`,
      target: '<= 1.5x',
      met: ratio <= 1.5,
    });
  }
  const throughputRatio = pipeline.itemsPerS / raw.itemsPerS;
  out.push({
    figure: `2. Pipeline items/s, worker process, one job of ${grouped(pipeline.items)} 64x64 items (baseline: raw loop)`,
    measured: `${fixed(pipeline.itemsPerS, 1)} items/s`,
    baseline: `${fixed(raw.itemsPerS, 1)} items/s`,
    ratio: `${fixed(throughputRatio, 2)}x`,
    target: '>= 0.5x',
    met: throughputRatio >= 0.5,
  });
  for (const s of r.sockets) {
    const atScale = s.clients >= 500;
    for (const p of ['p50', 'p99'] as const) {
      const limit = p === 'p50' ? 50 : 200;
      out.push({
        figure: `3. Socket latency ${p}, commit to job:updated handler, ${grouped(s.clients)} client(s) (baseline: emitter to handler)`,
        measured: ms(s.app[p]),
        baseline: ms(s.raw[p]),
        ratio: `${fixed(s.app[p] / s.raw[p], 1)}x`,
        target: atScale ? `<= ${limit} ms` : `(<= ${limit} ms at 500)`,
        met: atScale ? s.app[p] <= limit : null,
      });
    }
  }
  const rssGrowth = memory.last.rssBytes - memory.first.rssBytes;
  out.push({
    figure: `4. Worker RSS after ${grouped(memory.last.processed)} items (baseline: after ${grouped(memory.first.processed)})`,
    measured: megabytes(memory.last.rssBytes),
    baseline: megabytes(memory.first.rssBytes),
    ratio: `${rssGrowth >= 0 ? '+' : ''}${megabytes(rssGrowth)}`,
    target: '<= +50 MB',
    met: rssGrowth <= 50 * MB,
  });
  const redisGrowth = memory.last.redisUsedBytes - memory.first.redisUsedBytes;
  out.push({
    figure: `4. Redis used_memory after ${grouped(memory.last.processed)} items (baseline: after ${grouped(memory.first.processed)})`,
    measured: megabytes(memory.last.redisUsedBytes),
    baseline: megabytes(memory.first.redisUsedBytes),
    ratio: `${redisGrowth >= 0 ? '+' : ''}${megabytes(redisGrowth)}`,
    target: '<= +50 MB',
    met: redisGrowth <= 50 * MB,
  });
  return out;
}

/** The whole report as Markdown; the same sections and rows in the same order on every run. */
export function renderReport(r: BenchResults): string {
  const results = rows(r);
  const judged = results.filter((row) => row.met !== null);
  const met = judged.filter((row) => row.met).length;
  const { submit, raw, pipeline, memory } = r;
  const socketDetails = r.sockets.map((s) => [
    `${grouped(s.clients)} client(s)`,
    `${s.app.samples} jobs: p50 ${ms(s.app.p50)}, p99 ${ms(s.app.p99)}`,
    `${s.raw.samples} pings: p50 ${ms(s.raw.p50)}, p99 ${ms(s.raw.p99)}`,
    `${grouped(s.rawBroadcast.samples)} deliveries: p50 ${ms(s.rawBroadcast.p50)}, p99 ${ms(s.rawBroadcast.p99)}`,
    grouped(s.queueUpdates),
  ]);
  const memoryRow = (label: string, s: MemoryResult['first']) => [
    label,
    grouped(s.processed),
    grouped(s.jobs),
    megabytes(s.rssBytes),
    megabytes(s.peakRssBytes),
    megabytes(s.redisUsedBytes),
    `${megabytes(s.prefixBytes)} in ${grouped(s.prefixKeys)} keys`,
  ];

  return [
    '# Atelier bench',
    '',
    '## Environment',
    '',
    table(['Item', 'Value'], r.environment),
    '',
    '## Results',
    '',
    table(
      ['Figure', 'Measured', 'Raw baseline', 'Ratio', 'Target', 'Met'],
      results.map((row) => [
        row.figure,
        row.measured,
        row.baseline,
        row.ratio,
        row.target,
        row.met === null ? '-' : row.met ? 'yes' : 'NO',
      ]),
    ),
    '',
    `Targets met: ${met} of ${judged.length}. Run time: ${fixed(r.durationS / 60, 1)} min.`,
    '',
    '## Details',
    '',
    `1. Submit latency: ${submit.calls} calls of each size after ${submit.warmup} warm-up calls of each, ` +
      `alternating (small, large), (large, small); time from sending the request to reading the whole answer, ` +
      `keep-alive connection, no worker running. p50 ${ms(submit.small.p50)} / ${ms(submit.large.p50)}, ` +
      `p99 ${ms(submit.small.p99)} / ${ms(submit.large.p99)} (batch 1 / batch ${grouped(LARGE_BATCH)}).`,
    `2. Pipeline: the job ran ${fixed(pipeline.seconds, 2)} s from started_at to completed_at ` +
      `(${fixed(pipeline.wallSeconds, 2)} s from the POST to the bench seeing it final); ` +
      `the raw loop took ${fixed(raw.seconds, 2)} s for ${grouped(raw.items)} items ` +
      `(20 warm-up items, then half of them before the worker's job and half after), i.e. ${fixed((raw.seconds / raw.items) * 1000, 2)} ms per item against ` +
      `${fixed((pipeline.seconds / pipeline.items) * 1000, 2)} ms per item in the worker. CPU per item (the process's ` +
      `own threads, PostgreSQL's not counted): raw loop ${fixed((raw.cpuSeconds / raw.items) * 1000, 2)} ms, worker ` +
      `${fixed((pipeline.cpuSeconds / pipeline.items) * 1000, 2)} ms (whole job, /proc, 10 ms resolution).`,
    "3. Socket latency (app = commit of `completed` to the owner's `job:updated` handler; raw = emitter publish to " +
      "the owner's handler; broadcast = emitter publish to the `queue` room, measured at every client):",
    '',
    table(
      [
        'Clients',
        'App (commit to handler)',
        'Raw (emitter to owner)',
        'Raw broadcast (emitter to all)',
        'queue:updated received',
      ],
      socketDetails,
    ),
    '',
    `4. Memory: jobs of ${grouped(memory.jobSize)} items, ${memory.inFlight} unfinished at a time (the worker runs its ` +
      `default concurrency, the rest wait and take turns by slices); ${fixed(memory.itemsPerS, 1)} items/s after the first ` +
      `sample; the whole figure took ${fixed(memory.seconds / 60, 1)} min. Each sample 3 s after the last job ended.`,
    '',
    table(
      ['Sample', 'Items', 'Jobs', 'Worker RSS', 'Worker peak RSS', 'Redis used_memory', "Bench's Redis keys"],
      [memoryRow('first', memory.first), memoryRow('last', memory.last)],
    ),
    '',
    '## Method',
    '',
    "- Everything runs on loopback against a database, a Redis key prefix and a data directory of the bench's own, " +
      'removed at the end. The API (REST, Socket.IO, Redis adapter) and the worker (`server/dist/worker.js`, default ' +
      'WORKER_CONCURRENCY, builtin provider, BUILTIN_ITEM_DELAY_MS=0) are child processes with NODE_ENV=production; ' +
      'the bench process holds the HTTP and socket.io clients and the raw loop.',
    '- 1: the large and the small batch are the same request but for batch_size; a batch is one row and one queue entry.',
    '- 2: worker items/s = batch size / (completed_at - started_at) of the job row (both set by PostgreSQL). ' +
      "The raw loop does, per item, only what cannot be skipped: the builtin renderer's renderImagePng (64x64), " +
      'writing the PNG, createThumbnail (WebP, written to disk), one INSERT of the gallery row with pg.',
    '- 3: one-item jobs, one after another; the arrival is Date.now() in the handler, the commit is completed_at, set by ' +
      "now() in the worker's final UPDATE (an autocommit statement: the time it began, just before its commit); same " +
      "wall clock, 1 ms resolution. With 500 clients every client is a different signed-in user; the owner's socket is " +
      'one of them and every job also pushes `queue:updated` to all. Raw: @socket.io/redis-emitter publishes on the ' +
      "API's channel with performance.now() in the payload; the API's Redis adapter relays it to the client.",
    '- 4: RSS = VmRSS of the worker process (/proc/<pid>/status), peak = VmHWM; a fresh worker for this figure. ' +
      'used_memory is for the whole Redis server (other users of that server show in it); the last column sums ' +
      "MEMORY USAGE over the bench's own keys.",
    '',
  ].join('\n');
}
