import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package declares it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;
import pg from 'pg';
import { inject } from 'vitest';

type Role = 'user' | 'admin' | 'super_admin';

/** Inserts a user straight into the app's database (the admin user API arrives with the catalogue issue). */
export async function createUser(role: Role = 'user'): Promise<{ id: number; username: string; password: string }> {
  const username = `${role}_${randomBytes(3).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: inject('e2eDatabaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING id',
      [username, `${username}@example.test`, await hash(password, { algorithm: ARGON2ID }), role],
    );
    return { id: rows[0]!.id, username, password };
  } finally {
    await client.end();
  }
}
