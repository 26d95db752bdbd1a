import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A submission may carry an Idempotency-Key: a resend of one whose answer was lost finds the job
 * it made instead of queueing the same batch twice. The key is the user's own (two users may pick
 * the same one), and the unique index, not a look-up before the insert, is what keeps two racing
 * resends to one job. Partial: jobs submitted without a key, every one before this, need no entry.
 * Keys are kept as long as their job; they are random, so an old one is never sent again by chance.
 */
export class JobIdempotencyKeys1795390000000 implements MigrationInterface {
  name = 'JobIdempotencyKeys1795390000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE jobs ADD COLUMN idempotency_key text CHECK (char_length(idempotency_key) BETWEEN 1 AND 200)',
    );
    await q.query(
      `CREATE UNIQUE INDEX jobs_user_idempotency_key_key ON jobs (user_id, idempotency_key)
         WHERE idempotency_key IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX jobs_user_idempotency_key_key');
    await q.query('ALTER TABLE jobs DROP COLUMN idempotency_key');
  }
}
