import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DataSource } from 'typeorm';
import { dataSourceOptions, runMigrations } from '../../src/database/data-source.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const ALL = MIGRATIONS.map((m) => m.name);

const TABLES = [
  'assets',
  'configurations',
  'folders',
  'gallery_counts',
  'gallery_items',
  'jobs',
  'override_definitions',
  'system_settings',
  'users',
  'workflow_favorites',
  'workflow_overrides',
  'workflow_permissions',
  'workflows',
];

/** A new database migrated up to, not including, the migration named; and where that one stands. */
async function databaseBefore(migration: string): Promise<{ db: TestDatabase; index: number }> {
  const db = await createTestDatabase(inject('databaseAdminUrl'), { migrate: false });
  const index = MIGRATIONS.findIndex((m) => m.name === migration);
  const before = new DataSource({ ...dataSourceOptions(db.url), migrations: MIGRATIONS.slice(0, index) });
  await before.initialize();
  await before.runMigrations();
  await before.destroy();
  return { db, index };
}

async function tables(db: TestDatabase): Promise<string[]> {
  const { rows } = await db.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'schema_migrations' ORDER BY 1`,
  );
  return rows.map((r) => r.table_name);
}

describe('migrations', () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it('create the whole schema from an empty database, and a second run is a no-op', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'), { migrate: false });
    expect(await tables(db)).toEqual([]);

    const first = await runMigrations(db.url);
    expect(first).toEqual(ALL);
    expect(ALL[0]).toBe('InitialSchema1795313379435');
    expect(await tables(db)).toEqual(TABLES);

    const second = await runMigrations(db.url);
    expect(second).toEqual([]);
    expect(await tables(db)).toEqual(TABLES);
  });

  it('run safely when several processes start at once', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'), { migrate: false });
    const runs = await Promise.all([runMigrations(db.url), runMigrations(db.url), runMigrations(db.url)]);
    expect(runs.flat().sort()).toEqual([...ALL].sort());
  });

  it('have the indexes and unique constraints the lists and DESIGN rely on', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'));
    const { rows } = await db.pool.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`,
    );
    const names = rows.map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        'users_username_key',
        'jobs_user_created_idx',
        'jobs_user_status_created_idx',
        'jobs_active_queue_idx',
        'jobs_user_idempotency_key_key',
        'gallery_items_user_status_created_idx',
        'gallery_items_user_status_folder_created_idx',
        'gallery_items_job_batch_output_key',
        'folders_user_name_key',
        'folders_user_hotkey_key',
        'workflow_overrides_workflow_definition_key',
        'override_definitions_key_key',
      ]),
    );
  });

  it('enforce the data rules in the database itself', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'));
    const q = (sql: string, params: unknown[] = []) => db!.pool.query(sql, params);
    const { rows } = await q(
      `INSERT INTO users (username, email, password_hash) VALUES ('Dana', 'd@x', 'h') RETURNING id`,
    );
    const userId = rows[0].id as number;
    await expect(q(`INSERT INTO users (username, email, password_hash) VALUES ('dana', 'd2@x', 'h')`)).rejects.toThrow(
      /users_username_key/,
    );
    await expect(
      q(`INSERT INTO users (username, email, password_hash, role) VALUES ('eve', 'e@x', 'h', 'root')`),
    ).rejects.toThrow(/check/);

    await q(`INSERT INTO folders (user_id, name, hotkey) VALUES ($1, 'Best', '1')`, [userId]);
    await expect(q(`INSERT INTO folders (user_id, name) VALUES ($1, 'BEST')`, [userId])).rejects.toThrow(
      /folders_user_name_key/,
    );
    await expect(q(`INSERT INTO folders (user_id, name, hotkey) VALUES ($1, 'Other', '1')`, [userId])).rejects.toThrow(
      /folders_user_hotkey_key/,
    );
    await expect(q(`INSERT INTO folders (user_id, name, hotkey) VALUES ($1, 'Caps', 'A')`, [userId])).rejects.toThrow(
      /check/,
    );
    // the API counts a name's 50 characters as a reader does; the table bounds its code points
    await expect(q(`INSERT INTO folders (user_id, name) VALUES ($1, $2)`, [userId, 'x'.repeat(501)])).rejects.toThrow(
      /check/,
    );

    const job = await q(`INSERT INTO jobs (user_id, workflow_name, batch_size) VALUES ($1, 'wf', 2) RETURNING id`, [
      userId,
    ]);
    await expect(
      q(`INSERT INTO jobs (user_id, workflow_name, batch_size) VALUES ($1, 'wf', 1000000)`, [userId]),
    ).rejects.toThrow(/check/);
    const jobId = job.rows[0].id as number;
    const item = `INSERT INTO gallery_items (user_id, job_id, batch_index, file_path, media_type, job_name, workflow_name)
                  VALUES ($1, $2, 0, 'a.png', 'image', 'j', 'wf')`;
    await q(item, [userId, jobId]);
    await expect(q(item, [userId, jobId])).rejects.toThrow(/gallery_items_job_batch_output_key/);

    await q('DELETE FROM folders WHERE user_id = $1', [userId]);
    await q('DELETE FROM users WHERE id = $1', [userId]);
    const left = await q('SELECT (SELECT count(*) FROM jobs) + (SELECT count(*) FROM gallery_items) AS n');
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it('every entity column exists in the migrated schema', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'));
    const ds = new DataSource(dataSourceOptions(db.url));
    await ds.initialize();
    try {
      for (const entity of ds.entityMetadatas) {
        const { rows } = await db.pool.query<{ column_name: string }>(
          'SELECT column_name FROM information_schema.columns WHERE table_name = $1',
          [entity.tableName],
        );
        const columns = rows.map((r) => r.column_name);
        for (const column of entity.columns)
          expect(columns, `${entity.tableName}.${column.databaseName}`).toContain(column.databaseName);
      }
    } finally {
      await ds.destroy();
    }
  });

  it('give overrides named like the seed control, or like an earlier override of the workflow, their key', async () => {
    const prepared = await databaseBefore('OverrideParameterNames1795370000000');
    db = prepared.db;
    const renaming = prepared.index;
    const { rows: defs } = await db.pool.query<{ id: number; override_key: string }>(
      `INSERT INTO override_definitions (override_key, display_name, data_type)
       VALUES ('override_seed', 'Seed', 'integer'), ('override_prompt', 'Prompt', 'string'),
              ('override_negative_prompt', 'Negative Prompt', 'string')
       RETURNING id, override_key`,
    );
    const { rows: wf } = await db.pool.query<{ id: number }>(
      `INSERT INTO workflows (name, workflow_type, workflow_slug) VALUES ('Old', 'slug', 'old') RETURNING id`,
    );
    for (const [key, name] of [
      ['override_seed', 'seed'],
      ['override_prompt', 'prompt'],
      ['override_negative_prompt', 'prompt'],
    ]) {
      const definition = defs.find((d) => d.override_key === key)!.id;
      await db.pool.query(
        'INSERT INTO workflow_overrides (workflow_id, override_definition_id, ui_parameter_name) VALUES ($1, $2, $3)',
        [wf[0]!.id, definition, name],
      );
    }
    expect(await runMigrations(db.url)).toEqual(ALL.slice(renaming));
    const { rows } = await db.pool.query<{ ui_parameter_name: string }>(
      'SELECT ui_parameter_name FROM workflow_overrides ORDER BY id',
    );
    expect(rows.map((r) => r.ui_parameter_name)).toEqual(['override_seed', 'prompt', 'override_negative_prompt']);
  });

  it('compose the workflow and job names saved with combining accents, and the names their media copy', async () => {
    const prepared = await databaseBefore('ComposedNames1795400300000');
    db = prepared.db;
    const composing = prepared.index;
    const name = 'Cr\u00e8me br\u00fbl\u00e9e';
    const decomposed = name.normalize('NFD');
    const jobName = 'P\u00e2te \u00e0 choux';
    await db.pool.query(
      `INSERT INTO workflows (name, category, workflow_type, workflow_slug) VALUES ($1, $2, 'slug', 'x')`,
      [decomposed, 'Vid\u00e9o'.normalize('NFD')],
    );
    const { rows: users } = await db.pool.query<{ id: number }>(
      `INSERT INTO users (username, email, password_hash) VALUES ('u', 'u@example.test', 'x') RETURNING id`,
    );
    const { rows: jobs } = await db.pool.query<{ id: number }>(
      `INSERT INTO jobs (user_id, workflow_name, job_name, batch_size) VALUES ($1, $2, $3, 1) RETURNING id`,
      [users[0]!.id, decomposed, jobName.normalize('NFD')],
    );
    await db.pool.query(
      `INSERT INTO gallery_items (user_id, job_id, batch_index, file_path, media_type, job_name, workflow_name)
       VALUES ($1, $2, 0, 'a.png', 'image', $3, $4)`,
      [users[0]!.id, jobs[0]!.id, jobName.normalize('NFD'), decomposed],
    );
    expect(await runMigrations(db.url)).toEqual(ALL.slice(composing));
    const read = async (sql: string) => (await db!.pool.query<{ v: string }>(sql)).rows.map((r) => r.v);
    expect(await read('SELECT name AS v FROM workflows UNION ALL SELECT category FROM workflows')).toEqual([
      name,
      'Vid\u00e9o',
    ]);
    expect(await read('SELECT workflow_name AS v FROM jobs UNION ALL SELECT workflow_name FROM gallery_items')).toEqual(
      [name, name],
    );
    expect(await read('SELECT job_name AS v FROM jobs UNION ALL SELECT job_name FROM gallery_items')).toEqual([
      jobName,
      jobName,
    ]);
  });

  it('can all be reverted', async () => {
    db = await createTestDatabase(inject('databaseAdminUrl'));
    const ds = new DataSource(dataSourceOptions(db.url));
    await ds.initialize();
    for (let i = 0; i < ALL.length; i++) await ds.undoLastMigration();
    await ds.destroy();
    expect(await tables(db)).toEqual([]);
  });
});
