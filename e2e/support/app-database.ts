import pg from 'pg';
import { inject } from 'vitest';

/** One connection to the app's own database for `work`: set-up a test cannot make through the API. */
export async function withAppDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
