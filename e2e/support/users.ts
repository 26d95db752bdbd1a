import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { withAppDatabase } from './app-database.js';

/** `Algorithm.Argon2id`; the package declares it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

type Role = 'user' | 'admin' | 'super_admin';

/** Inserts a user straight into the app's database (the admin user API arrives with the catalogue issue). */
export async function createUser(role: Role = 'user'): Promise<{ id: number; username: string; password: string }> {
  const username = `${role}_${randomBytes(3).toString('hex')}`;
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const passwordHash = await hash(password, { algorithm: ARGON2ID });
  const { rows } = await withAppDatabase((client) =>
    client.query<{ id: number }>(
      'INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING id',
      [username, `${username}@example.test`, passwordHash, role],
    ),
  );
  return { id: rows[0]!.id, username, password };
}

/** Ends every session of the user, as a password change does, without changing the password. */
export async function endSessions(userId: number): Promise<void> {
  await withAppDatabase((client) =>
    client.query('UPDATE users SET password_changed_at = clock_timestamp() WHERE id = $1', [userId]),
  );
}
