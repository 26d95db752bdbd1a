import type { MigrationInterface, QueryRunner } from 'typeorm';

const KEY = 'user_id, status, folder_id, media_type';
const UPSERT = `ON CONFLICT (${KEY}) DO UPDATE SET n = c.n + excluded.n`;
/** Counter rows a statement brought to zero: among the keys its old rows had. */
const DROP_ZEROS = `
  DELETE FROM gallery_counts c
   USING (SELECT DISTINCT user_id, status, coalesce(folder_id, 0) AS folder_id, media_type FROM old_rows) o
   WHERE c.n = 0 AND c.user_id = o.user_id AND c.status = o.status AND c.folder_id = o.folder_id
     AND c.media_type = o.media_type`;

/**
 * Per-user item counts by status, folder and media type, kept by statement-level triggers on
 * gallery_items. The gallery's total and the folder tiles' counts are then a few rows read, not an
 * index scan over a user's whole gallery (200,000 items took some 40 ms a call). Filters the
 * counters cannot answer (dates, search, job, workflow) still count the items themselves.
 * folder_id 0 stands for "no folder" so it can be part of the key; no foreign key, so deleting a
 * folder (whose items the foreign key of gallery_items un-folders) moves its counts to 0.
 * Each statement applies its net change in key order, so concurrent writers lock counter rows in
 * the same order.
 */
export class GalleryCounts1795340000000 implements MigrationInterface {
  name = 'GalleryCounts1795340000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE gallery_counts (
        user_id integer NOT NULL,
        status text NOT NULL,
        folder_id integer NOT NULL,
        media_type text NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (${KEY})
      )`);
    await q.query(`
      CREATE FUNCTION gallery_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO gallery_counts AS c (${KEY}, n)
            SELECT user_id, status, coalesce(folder_id, 0), media_type, count(*) FROM new_rows
             GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ${UPSERT};
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO gallery_counts AS c (${KEY}, n)
            SELECT user_id, status, coalesce(folder_id, 0), media_type, -count(*) FROM old_rows
             GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ${UPSERT};
          ${DROP_ZEROS};
        ELSE
          INSERT INTO gallery_counts AS c (${KEY}, n)
            SELECT user_id, status, folder_id, media_type, sum(d) FROM (
                SELECT user_id, status, coalesce(folder_id, 0) AS folder_id, media_type, 1 AS d FROM new_rows
                UNION ALL
                SELECT user_id, status, coalesce(folder_id, 0), media_type, -1 FROM old_rows) changes
             GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
          ${UPSERT};
          ${DROP_ZEROS};
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER gallery_counts_insert AFTER INSERT ON gallery_items
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_apply()`);
    await q.query(`
      CREATE TRIGGER gallery_counts_update AFTER UPDATE ON gallery_items
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_apply()`);
    await q.query(`
      CREATE TRIGGER gallery_counts_delete AFTER DELETE ON gallery_items
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gallery_counts_apply()`);
    await q.query(`
      INSERT INTO gallery_counts (${KEY}, n)
        SELECT user_id, status, coalesce(folder_id, 0), media_type, count(*) FROM gallery_items GROUP BY 1, 2, 3, 4`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER IF EXISTS gallery_counts_delete ON gallery_items');
    await q.query('DROP TRIGGER IF EXISTS gallery_counts_update ON gallery_items');
    await q.query('DROP TRIGGER IF EXISTS gallery_counts_insert ON gallery_items');
    await q.query('DROP FUNCTION IF EXISTS gallery_counts_apply()');
    await q.query('DROP TABLE IF EXISTS gallery_counts');
  }
}
