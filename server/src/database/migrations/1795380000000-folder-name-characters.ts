import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A folder name's 50 characters are counted as a reader sees them (a flag or an emoji with a skin
 * tone is one, though two code points), which the API checks; the table now bounds only the code
 * points (FOLDER_NAME_MAX_CODE_POINTS), which 50 flags went past at 100 and failed as a 500.
 */
export class FolderNameCharacters1795380000000 implements MigrationInterface {
  name = 'FolderNameCharacters1795380000000';

  async up(q: QueryRunner): Promise<void> {
    await this.check(q, 500);
  }

  async down(q: QueryRunner): Promise<void> {
    // names over 50 code points stop the way back: they would have to be cut, which is not done here
    await this.check(q, 50);
  }

  private async check(q: QueryRunner, max: number): Promise<void> {
    await q.query('ALTER TABLE folders DROP CONSTRAINT folders_name_check');
    await q.query(
      `ALTER TABLE folders ADD CONSTRAINT folders_name_check CHECK (char_length(name) BETWEEN 1 AND ${max} AND name = btrim(name))`,
    );
  }
}
