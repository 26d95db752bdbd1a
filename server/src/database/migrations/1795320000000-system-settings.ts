import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Small key-value facts about the installation, such as "the sample catalogue was created". */
export class SystemSettings1795320000000 implements MigrationInterface {
  name = 'SystemSettings1795320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE system_settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS system_settings');
  }
}
