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

async function insertRow(db: pg.Pool, table: string, fields: Record<string, unknown>): Promise<number> {
  const columns = Object.keys(fields);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(fields),
  );
  return rows[0]!.id;
}

/** A slug workflow (the smallest valid one); `fields` override any column. */
export function createWorkflow(db: pg.Pool, fields: Record<string, unknown> = {}): Promise<number> {
  const name = `Workflow ${randomBytes(3).toString('hex')}`;
  return insertRow(db, 'workflows', {
    name,
    workflow_type: 'slug',
    workflow_slug: name.toLowerCase().replace(/\s+/g, '-'),
    ...fields,
  });
}

export function createJob(
  db: pg.Pool,
  userId: number,
  workflowId: number | null,
  fields: Record<string, unknown> = {},
): Promise<number> {
  return insertRow(db, 'jobs', {
    user_id: userId,
    workflow_id: workflowId,
    workflow_name: 'Workflow',
    job_name: 'Job',
    batch_size: 1,
    ...fields,
  });
}

/** A gallery item of a job; file_path and thumbnail_path are relative to `<DATA_DIR>/media`. */
export async function createGalleryItem(
  db: pg.Pool,
  userId: number,
  jobId: number,
  fields: { batch_index?: number; file_path?: string; thumbnail_path?: string | null; folder_id?: number | null } = {},
): Promise<number> {
  const batchIndex = fields.batch_index ?? 0;
  return insertRow(db, 'gallery_items', {
    user_id: userId,
    job_id: jobId,
    batch_index: batchIndex,
    file_path: `${jobId}/${batchIndex}.png`,
    media_type: 'image',
    job_name: 'Job',
    workflow_name: 'Workflow',
    ...fields,
  });
}

export function createFolder(
  db: pg.Pool,
  userId: number,
  fields: { name?: string; hotkey?: string | null; color?: string } = {},
): Promise<number> {
  return insertRow(db, 'folders', { user_id: userId, name: `Folder ${randomBytes(3).toString('hex')}`, ...fields });
}

export function createConfiguration(
  db: pg.Pool,
  userId: number,
  workflowId: number,
  fields: { config_name?: string; parameter_values?: object } = {},
): Promise<number> {
  return insertRow(db, 'configurations', {
    user_id: userId,
    workflow_id: workflowId,
    config_name: fields.config_name ?? `Config ${randomBytes(3).toString('hex')}`,
    parameter_values: JSON.stringify(fields.parameter_values ?? {}),
  });
}

export async function createFavorite(db: pg.Pool, userId: number, workflowId: number): Promise<void> {
  await db.query('INSERT INTO workflow_favorites (user_id, workflow_id) VALUES ($1, $2)', [userId, workflowId]);
}

export async function grantWorkflow(db: pg.Pool, userId: number, workflowId: number): Promise<void> {
  await db.query('INSERT INTO workflow_permissions (user_id, workflow_id) VALUES ($1, $2)', [userId, workflowId]);
}
