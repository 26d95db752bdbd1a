import net from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from './app-errors.js';
import { isDependencyUnavailable } from './unavailable-dependency.js';

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

function pgError(code: string, message: string): QueryFailedError {
  return new QueryFailedError('SELECT 1', [], Object.assign(new Error(message), { code }));
}

describe('isDependencyUnavailable', () => {
  it('recognises a PostgreSQL that refuses connections, as node-postgres reports it', async () => {
    const client = new pg.Client({ connectionString: `postgres://x@127.0.0.1:${await closedPort()}/x` });
    expect(isDependencyUnavailable(await rejection(client.connect()))).toBe(true);
  });

  it('recognises a Redis that is down, whether the command was queued and given up or refused at once', async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    const queued = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    const unqueued = new Redis(url, { enableOfflineQueue: false, retryStrategy: () => 50 });
    for (const client of [queued, unqueued]) client.on('error', () => undefined);
    try {
      expect(isDependencyUnavailable(await rejection(queued.get('k')))).toBe(true);
      expect(isDependencyUnavailable(await rejection(unqueued.get('k')))).toBe(true);
    } finally {
      queued.disconnect();
      unqueued.disconnect();
    }
  });

  it('recognises a database shutting down, restarting or out of connections, through TypeORM', () => {
    expect(isDependencyUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDependencyUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isDependencyUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isDependencyUnavailable(pgError('53300', 'too many connections for role'))).toBe(true);
    expect(isDependencyUnavailable(new Error('x', { cause: new Error('Connection terminated unexpectedly') }))).toBe(
      true,
    );
  });

  it('leaves every other failure alone: those are bugs or bad requests, not outages', () => {
    expect(isDependencyUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDependencyUnavailable(pgError('42P01', 'relation "nope" does not exist'))).toBe(false);
    expect(isDependencyUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyUnavailable(new NotFoundError())).toBe(false);
    expect(isDependencyUnavailable(undefined)).toBe(false);
  });
});
