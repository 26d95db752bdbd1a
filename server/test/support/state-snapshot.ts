import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './test-app.js';

/**
 * A fingerprint of everything a request could change: every row of every table (the migrations'
 * own bookkeeping aside) and every file under the data directory, by path and content. Two equal
 * snapshots mean nothing was written, whatever the routes in between answered.
 */
export async function stateSnapshot(t: TestApp): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  const { rows: tables } = await t.db.pool.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'migrations'
      ORDER BY table_name`,
  );
  for (const { name } of tables) {
    const { rows } = await t.db.pool.query<{ digest: string | null; n: number }>(
      `SELECT md5(string_agg(r::text, E'\\n' ORDER BY r::text)) AS digest, count(*)::int AS n FROM ${name} r`,
    );
    snapshot[`table ${name}`] = `${rows[0]!.n} rows ${rows[0]!.digest ?? '-'}`;
  }
  for (const file of await filesUnder(t.dataDir)) {
    const bytes = await readFile(path.join(t.dataDir, file));
    snapshot[`file ${file}`] = createHash('sha256').update(bytes).digest('hex');
  }
  return snapshot;
}

async function filesUnder(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(root, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}
