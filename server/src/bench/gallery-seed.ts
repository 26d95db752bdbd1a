import { performance } from 'node:perf_hooks';
import { createUsers, quietClient, type BenchEnvironment, type BenchUser } from './environment.js';
import { grouped, progress } from './support.js';

export interface GallerySeedSettings {
  /** Every gallery item of the seed, all users together. */
  items: number;
  users: number;
  /** Items of the first user, the one measured. */
  heavyUserItems: number;
}

export interface GallerySeed {
  heavy: BenchUser;
  /** Every user of the seed, the heavy one first. */
  userIds: number[];
  items: number;
  heavyItems: number;
  folders: number;
  insertS: number;
  indexS: number;
  vacuumS: number;
}

export const FOLDER_NAMES = ['Portraits', 'Landscapes', 'Keepers', 'Drafts', 'Client A', 'Client B', 'Video', 'Inbox'];
const THEMES = ['Sunset', 'Forest', 'City', 'Ocean', 'Desert', 'Studio', 'Night', 'Mountain', 'Garden', 'Harbor'];
const SUBJECTS = ['portrait', 'street', 'still life', 'architecture', 'product', 'fashion', 'aerial', 'macro'];
export const WORKFLOW_NAMES = [
  'SDXL Base',
  'Flux Dev',
  'Portrait Pro',
  'Upscale 4x',
  'Text to Video',
  'Inpaint',
  'Sketch',
  'Anime',
];
const TAGS = ['favorite', 'client', 'review', 'print', 'social', 'hero', 'wip', 'reject'];
/** Items of one job; the last job of a user holds the remainder. */
const JOB_SIZE = 100;
/** The seed spreads items over this many days before now. */
export const SEED_DAYS = 365;

/** How many items each user gets: the first `heavy`, the rest share what remains as evenly as possible. */
export function itemsPerUser(s: GallerySeedSettings): number[] {
  const others = s.users - 1;
  const rest = s.items - s.heavyUserItems;
  if (others < 1 || rest < 0)
    throw new Error('the gallery seed needs at least two users and items >= heavy user items');
  const base = Math.floor(rest / others);
  return [s.heavyUserItems, ...Array.from({ length: others }, (_, i) => base + (i < rest - base * others ? 1 : 0))];
}

/**
 * Fills the gallery with set-based SQL: users, 8 folders each (hotkeys 1-8), jobs of 100 items
 * spread over the last year, then the items themselves in one INSERT ... SELECT per user. The
 * secondary indexes of gallery_items are dropped for the load and rebuilt from their own
 * definitions (what a bulk import does), then VACUUM ANALYZE leaves the table as autovacuum would.
 * Choices (folder, status, media type, tags) come from random() after setseed, so every run seeds
 * the same data.
 */
export async function seedGallery(
  env: BenchEnvironment,
  s: GallerySeedSettings,
  password: string,
): Promise<GallerySeed> {
  const counts = itemsPerUser(s);
  const users = await createUsers(env, s.users, password, 'gallery_user');
  const client = quietClient(env.databaseUrl);
  await client.connect();
  try {
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query('SELECT setseed(0.4242)');
    const ids = users.map((u) => u.id);
    await client.query(
      `INSERT INTO folders (user_id, name, hotkey, color)
         SELECT u.id, f.name, f.hotkey, '#3B82F6'
           FROM unnest($1::int[]) AS u(id)
          CROSS JOIN unnest($2::text[], $3::text[]) AS f(name, hotkey)`,
      [ids, FOLDER_NAMES, FOLDER_NAMES.map((_, i) => String(i + 1))],
    );
    const started = performance.now();
    await client.query(
      `INSERT INTO jobs (user_id, workflow_name, job_name, batch_size, batch_completed, next_batch_index,
                         status, created_at, started_at, completed_at, actual_duration, updated_at)
         SELECT u.id, wf, name, n, n, n, 'completed', at, at, at + interval '1 minute', 60, at
           FROM unnest($1::int[], $2::int[]) AS u(id, items)
          CROSS JOIN LATERAL generate_series(0, (u.items - 1) / ${JOB_SIZE}) AS k
          CROSS JOIN LATERAL (SELECT LEAST(${JOB_SIZE}, u.items - k * ${JOB_SIZE}) AS n,
                 now() - interval '${SEED_DAYS} days' * (1 - (k + 1)::float / (u.items / ${JOB_SIZE} + 1)) AS at,
                 ($3::text[])[1 + floor(random() * ${WORKFLOW_NAMES.length})::int] AS wf,
                 ($4::text[])[1 + floor(random() * ${THEMES.length})::int] || ' '
                   || ($5::text[])[1 + floor(random() * ${SUBJECTS.length})::int] || ' ' || k AS name) j`,
      [ids, counts, WORKFLOW_NAMES, THEMES, SUBJECTS],
    );
    const dropped = await dropSecondaryIndexes(client);
    // one statement in time order, so the users' rows interleave on disk as they would in use
    await client.query(
      `WITH user_folders AS (SELECT user_id, array_agg(id ORDER BY id) AS ids FROM folders GROUP BY user_id)
       INSERT INTO gallery_items (user_id, job_id, batch_index, output_index, file_path, thumbnail_path, media_type,
                                  content_type, size_bytes, width, height, job_name, workflow_name, folder_id,
                                  status, seed_used, user_tags, created_at, archived_at)
         SELECT j.user_id, j.id, b, 0,
                format('%s/%s/%s_0.%s', j.user_id, j.id, b, CASE WHEN video THEN 'mp4' ELSE 'png' END),
                format('%s/%s/thumbs/%s_0.webp', j.user_id, j.id, b),
                CASE WHEN video THEN 'video' ELSE 'image' END,
                CASE WHEN video THEN 'video/mp4' ELSE 'image/png' END,
                150000, 1024, 1024, j.job_name, j.workflow_name,
                CASE WHEN r_folder < 0.4 THEN NULL ELSE f.ids[1 + floor(r_folder * 10)::int % array_length(f.ids, 1)] END,
                CASE WHEN archived THEN 'archived' ELSE 'active' END,
                floor(random() * 4294967295)::bigint,
                CASE WHEN r_tags < 0.7 THEN '{}'::text[] ELSE ARRAY[($1::text[])[1 + floor(r_tags * 100)::int % ${TAGS.length}]] END,
                j.created_at + b * interval '2 seconds',
                CASE WHEN archived THEN now() END
           FROM jobs j
           JOIN user_folders f ON f.user_id = j.user_id
          -- correlated with j, so random() is drawn for every generated row
          CROSS JOIN LATERAL (SELECT b, random() < 0.1 AS video, random() < 0.05 AS archived,
                                     random() AS r_folder, random() AS r_tags
                                FROM generate_series(0, j.batch_size - 1) AS b) r
          ORDER BY j.created_at + b * interval '2 seconds', j.id, b`,
      [TAGS],
    );
    const insertS = (performance.now() - started) / 1000;
    const indexStarted = performance.now();
    for (const definition of dropped) await client.query(definition);
    const indexS = (performance.now() - indexStarted) / 1000;
    const vacuumStarted = performance.now();
    await client.query('VACUUM ANALYZE gallery_items, jobs, folders');
    const vacuumS = (performance.now() - vacuumStarted) / 1000;
    const { rows } = await client.query<{ items: number; heavy: number; folders: number }>(
      `SELECT (SELECT count(*)::int FROM gallery_items) AS items,
              (SELECT count(*)::int FROM gallery_items WHERE user_id = $1) AS heavy,
              (SELECT count(*)::int FROM folders) AS folders`,
      [users[0]!.id],
    );
    const seeded = rows[0]!;
    if (seeded.items !== s.items || seeded.heavy !== s.heavyUserItems)
      throw new Error(`the seed made ${seeded.items} items (${seeded.heavy} for the heavy user), wanted ${s.items}`);
    progress(
      `gallery seed: ${grouped(seeded.items)} items in ${insertS.toFixed(1)} s, indexes ${indexS.toFixed(1)} s, ` +
        `vacuum ${vacuumS.toFixed(1)} s`,
    );
    return {
      heavy: users[0]!,
      userIds: ids,
      items: seeded.items,
      heavyItems: seeded.heavy,
      folders: seeded.folders,
      insertS,
      indexS,
      vacuumS,
    };
  } finally {
    await client.end();
  }
}

/** Drops every index of gallery_items but its primary key and unique constraint; answers their CREATE statements. */
async function dropSecondaryIndexes(client: ReturnType<typeof quietClient>): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = 'gallery_items'::regclass AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
  );
  for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
  return rows.map((r) => r.definition);
}
