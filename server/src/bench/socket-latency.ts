import { performance } from 'node:perf_hooks';
import { Emitter } from '@socket.io/redis-emitter';
import { io, type Socket } from 'socket.io-client';
import { QUEUE_ROOM, userRoom, type ClientToServerEvents, type ServerToClientEvents } from '@atelier/shared';
import { tinyJob, type ApiClient } from './api-client.js';
import type { BenchEnvironment, BenchUser } from './environment.js';
import { percentile, progress, sleep, withTimeout } from './support.js';

interface Ping {
  id: number;
  /** performance.now() of the bench process when the emitter published it. */
  sentAt: number;
}

type BenchServerEvents = ServerToClientEvents & { 'bench:ping': (ping: Ping) => void };
type BenchSocket = Socket<BenchServerEvents, ClientToServerEvents>;

export interface Percentiles {
  samples: number;
  p50: number;
  p99: number;
}

export interface SocketLatencyResult {
  clients: number;
  /** Commit of a job's `completed` to the owner's `job:updated` handler. */
  app: Percentiles;
  /** Emitter -> Redis -> the API's adapter -> the owner's handler, timestamp in the payload. */
  raw: Percentiles;
  /** The same emitter ping sent to the `queue` room, measured at every connected client. */
  rawBroadcast: Percentiles;
  /** `queue:updated` pushes received over all clients while the jobs ran (the fan-out really happened). */
  queueUpdates: number;
}

function summary(samples: number[]): Percentiles {
  return { samples: samples.length, p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** Signed-in socket.io clients (websocket transport), connected a batch at a time. */
export class SocketFleet {
  readonly sockets: BenchSocket[] = [];
  queueUpdates = 0;

  constructor(private readonly baseUrl: string) {}

  async add(tokens: string[], batch = 25): Promise<BenchSocket[]> {
    const added: BenchSocket[] = [];
    for (let i = 0; i < tokens.length; i += batch) {
      const sockets = await Promise.all(tokens.slice(i, i + batch).map((token) => this.connect(token)));
      added.push(...sockets);
    }
    return added;
  }

  private async connect(token: string): Promise<BenchSocket> {
    const socket: BenchSocket = io(this.baseUrl, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 15_000,
    });
    this.sockets.push(socket);
    socket.on('queue:updated', () => {
      this.queueUpdates++;
    });
    await withTimeout(
      'a socket connection',
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (error) => reject(error));
      }),
      20_000,
    );
    return socket;
  }

  connectedCount(): number {
    return this.sockets.filter((s) => s.connected).length;
  }

  close(): void {
    for (const socket of this.sockets.splice(0)) socket.close();
  }
}

/**
 * Figure 3 for the clients now in `fleet` (the owner's socket first).
 *
 * App path: `jobs` one-item jobs, one after the other, each submitted through the API and run by
 * the worker. The owner's handler notes Date.now() when `job:updated` with status `completed`
 * arrives; the job's completed_at is set by now() in the worker's final UPDATE (autocommit, so it
 * is the moment that statement began, just before its commit). Latency = arrival - completed_at,
 * both on this machine's wall clock (1 ms resolution on the arrival side).
 *
 * Raw path: the bench publishes with @socket.io/redis-emitter on the API's Redis channel, to the
 * owner's room and then to the `queue` room, a performance.now() timestamp in the payload; the
 * handlers subtract it from their own performance.now().
 */
export async function measureSocketLatency(
  env: BenchEnvironment,
  api: ApiClient,
  owner: BenchUser,
  ownerSocket: BenchSocket,
  fleet: SocketFleet,
  workflowId: number,
  jobs: number,
  pings: number,
): Promise<SocketLatencyResult> {
  const clients = fleet.sockets.length;
  const queueUpdatesBefore = fleet.queueUpdates;

  const arrivals = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  const onJob: BenchServerEvents['job:updated'] = (job) => {
    if (job.status !== 'completed' || arrivals.has(job.id)) return;
    arrivals.set(job.id, Date.now());
    waiters.get(job.id)?.();
  };
  ownerSocket.on('job:updated', onJob);
  const ids: number[] = [];
  try {
    for (let j = 0; j < jobs; j++) {
      const id = await api.submit(owner.token, tinyJob(workflowId, `socket latency ${clients}`, 1, j));
      ids.push(id);
      if (!arrivals.has(id))
        await withTimeout(
          `job:updated completed of job ${id}`,
          new Promise<void>((resolve) => waiters.set(id, resolve)),
          30_000,
        );
      waiters.delete(id);
    }
  } finally {
    ownerSocket.off('job:updated', onJob);
  }
  const { rows } = await env.pool.query<{ id: number; ms: number }>(
    `SELECT id, (extract(epoch FROM completed_at) * 1000)::float8 AS ms FROM jobs WHERE id = ANY($1::int[])`,
    [ids],
  );
  const app = rows.map((row) => arrivals.get(row.id)! - row.ms);
  progress(`socket latency with ${clients} client(s): ${app.length} jobs measured`);

  const raw = await pingLatency(env, [ownerSocket], userRoom(owner.id), pings);
  const rawBroadcast = await pingLatency(env, fleet.sockets, QUEUE_ROOM, pings);
  progress(`socket latency with ${clients} client(s): ${pings} + ${pings} emitter pings measured`);
  if (fleet.connectedCount() !== clients)
    throw new Error(`only ${fleet.connectedCount()} of ${clients} sockets stayed connected`);

  return {
    clients,
    app: summary(app),
    raw: summary(raw),
    rawBroadcast: summary(rawBroadcast),
    queueUpdates: fleet.queueUpdates - queueUpdatesBefore,
  };
}

/** `count` emitter pings to `room`, one after the other, each awaited at every socket in `receivers`. */
async function pingLatency(
  env: BenchEnvironment,
  receivers: BenchSocket[],
  room: string,
  count: number,
): Promise<number[]> {
  const connection = env.redis.duplicate({ connectionName: 'atelier-bench-emitter' });
  connection.on('error', () => undefined);
  const emitter = new Emitter<BenchServerEvents>(connection, { key: `${env.keyPrefix}:socket.io` });
  const samples: number[] = [];
  let pending = 0;
  let current = -1;
  let done: (() => void) | undefined;
  const onPing = (ping: Ping) => {
    if (ping.id !== current) return;
    samples.push(performance.now() - ping.sentAt);
    if (--pending === 0) done?.();
  };
  for (const socket of receivers) socket.on('bench:ping', onPing);
  try {
    await connection.ping();
    for (let id = 0; id < count; id++) {
      current = id;
      pending = receivers.length;
      const received = new Promise<void>((resolve) => (done = resolve));
      emitter.to(room).emit('bench:ping', { id, sentAt: performance.now() });
      await withTimeout(`emitter ping ${id} at ${receivers.length} client(s)`, received, 10_000);
      await sleep(10);
    }
  } finally {
    for (const socket of receivers) socket.off('bench:ping', onPing);
    connection.disconnect();
  }
  return samples;
}
