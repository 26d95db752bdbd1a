import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../../src/infra/embedded-postgres.js';
import { createLogger } from '../../../src/logging/logger.js';
import { freeLoopbackPort } from './free-port.js';

export interface OwnPostgres {
  /** A superuser URL: test databases are created and dropped through it. */
  adminUrl: string;
  /** A fast shutdown: open sessions are ended, as in an orderly restart. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

/**
 * An embedded PostgreSQL of the test's own on a random loopback port, started the way the app
 * starts its own (as the `postgres` user when the tests run as root).
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-chaos-pg-'));
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'chaos-postgres');
  const port = await freeLoopbackPort();
  let handle: EmbeddedPostgresHandle | undefined = await startEmbeddedPostgres(dataDir, port, logger);
  const adminUrl = handle.url;

  const stop = async () => {
    await handle?.stop();
    handle = undefined;
  };
  return {
    adminUrl,
    stop,
    start: async () => {
      handle = await startEmbeddedPostgres(dataDir, port, logger);
      // another port would be another server as far as the app is concerned: not a restart
      if (handle.url !== adminUrl) throw new Error(`PostgreSQL came back at ${handle.url}, not ${adminUrl}`);
    },
    destroy: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
