import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gallery search at a million rows: a trigram index over job name, workflow name and user tags,
 * and a covering index so folder counts by media type never read the table.
 */
export class GallerySearch1795330000000 implements MigrationInterface {
  name = 'GallerySearch1795330000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    // array_to_string is only STABLE; tags text is fixed by the array alone, so this wrapper is IMMUTABLE
    await q.query(`
      CREATE FUNCTION atelier_tags_text(tags text[]) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(tags, ' ') $$`);
    await q.query(`
      CREATE INDEX gallery_items_search_trgm_idx ON gallery_items
        USING gin ((job_name || ' ' || workflow_name || ' ' || atelier_tags_text(user_tags)) gin_trgm_ops)`);
    await q.query(`
      CREATE INDEX gallery_items_user_status_folder_media_idx
        ON gallery_items (user_id, status, folder_id, created_at) INCLUDE (media_type)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS gallery_items_user_status_folder_media_idx');
    await q.query('DROP INDEX IF EXISTS gallery_items_search_trgm_idx');
    await q.query('DROP FUNCTION IF EXISTS atelier_tags_text(text[])');
  }
}
