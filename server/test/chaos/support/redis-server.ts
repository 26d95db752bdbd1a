import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pingRedis } from '../../../src/infra/local-redis.js';
import { freeLoopbackPort } from './free-port.js';
import { waitFor } from '../../support/wait-for.js';

export interface OwnRedis {
  url: string;
  /** SIGTERM: Redis writes its append-only file out and exits, like an orderly restart's first half. */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory; it reloads what it had from the append-only file. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

/** A redis-server of the test's own on a random loopback port, with append-only persistence. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-chaos-redis-'));
  const port = await freeLoopbackPort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--appendonly', 'yes', '--dir', dir, '--save', ''];
    const server = spawn('redis-server', args, { stdio: 'ignore' });
    child = server;
    // a test process that dies without its afterAll must not leave the server behind
    const killOnExit = () => server.kill('SIGKILL');
    process.once('exit', killOnExit);
    exited = new Promise((resolve) =>
      server.once('exit', () => {
        process.removeListener('exit', killOnExit);
        resolve();
      }),
    );
    await waitFor(`redis-server on port ${port}`, async () => server.exitCode === null && pingRedis(url, 500), 30_000);
  };
  const stop = async () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    url,
    stop,
    start,
    destroy: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
