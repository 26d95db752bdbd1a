import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Role } from '@atelier/shared';
import { PasswordHasher } from '../../src/auth/password-hasher.js';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  role: Role;
}

const hasher = new PasswordHasher();

export async function createUser(
  db: pg.Pool,
  { role = 'user', username, password }: { role?: Role; username?: string; password?: string } = {},
): Promise<TestUser> {
  const name = username ?? `${role}_${randomBytes(4).toString('hex')}`;
  const secret = password ?? `pw-${randomBytes(8).toString('hex')}`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING id`,
    [name, `${name}@example.test`, await hasher.hash(secret), role],
  );
  return { id: rows[0]!.id, username: name, password: secret, role };
}
