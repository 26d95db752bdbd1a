import type { TestApp } from '../../support/test-app.js';

export interface ItemCounts {
  rows: number;
  distinctItems: number;
  firstIndex: number | null;
  lastIndex: number | null;
}

/** A job's gallery rows: how many, how many distinct batch indexes, and the range they cover. */
export async function itemCounts(t: TestApp, jobId: number): Promise<ItemCounts> {
  const { rows } = await t.db.pool.query<ItemCounts>(
    `SELECT count(*)::int AS "rows", count(DISTINCT batch_index)::int AS "distinctItems",
            min(batch_index) AS "firstIndex", max(batch_index) AS "lastIndex"
       FROM gallery_items WHERE job_id = $1`,
    [jobId],
  );
  return rows[0]!;
}
