import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runMigrations } from '../../src/database/data-source.js';

export interface TestDatabase {
  name: string;
  url: string;
  /** A pool for assertions and fixtures straight in SQL. */
  pool: pg.Pool;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh database for one test file, so files run in parallel without seeing each other. */
export async function createTestDatabase(adminUrl: string, { migrate = true } = {}): Promise<TestDatabase> {
  const name = `atelier_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  if (migrate) await runMigrations(url);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return {
    name,
    url,
    pool,
    drop: async () => {
      // pool.end() resolves before its clients' sockets close; the forced DROP below may then
      // terminate one, and an idle client's error is re-emitted on the pool, which must not throw
      pool.on('error', () => {});
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
