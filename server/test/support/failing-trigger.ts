import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export interface FailingTriggerOptions {
  table: string;
  on: 'INSERT' | 'UPDATE' | 'DELETE';
  /** The row (counted from 1) whose write raises; the rows before it are written. */
  nthRow?: number;
  /**
   * `DEFERRED` raises when the transaction commits, after every statement in it succeeded:
   * the failure a lost connection or a serialization conflict gives at COMMIT.
   */
  timing?: 'ROW' | 'DEFERRED';
}

export interface FailingTrigger {
  /** How many rows reached the trigger, the failing one included. */
  rowsSeen(): Promise<number>;
  remove(): Promise<void>;
}

/**
 * A trigger that makes PostgreSQL refuse a write partway through an operation, so a test can check
 * that the operation changed nothing. Counted with a sequence, which a rollback does not undo.
 */
export async function installFailingTrigger(db: pg.Pool, options: FailingTriggerOptions): Promise<FailingTrigger> {
  const name = `test_fail_${randomBytes(4).toString('hex')}`;
  const nth = options.nthRow ?? 1;
  await db.query(`CREATE SEQUENCE ${name}_seen`);
  await db.query(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('${name}_seen') >= ${nth} THEN
        RAISE EXCEPTION 'forced failure on % of ${options.table}', TG_OP;
      END IF;
      RETURN COALESCE(NEW, OLD);
    END $$`);
  const when =
    options.timing === 'DEFERRED'
      ? `CREATE CONSTRAINT TRIGGER ${name} AFTER ${options.on} ON ${options.table} DEFERRABLE INITIALLY DEFERRED`
      : `CREATE TRIGGER ${name} BEFORE ${options.on} ON ${options.table}`;
  await db.query(`${when} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return {
    rowsSeen: async () => {
      const { rows } = await db.query<{ n: string }>(
        `SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS n FROM ${name}_seen`,
      );
      return Number(rows[0]!.n);
    },
    remove: async () => {
      await db.query(`DROP TRIGGER ${name} ON ${options.table}`);
      await db.query(`DROP FUNCTION ${name}()`);
      await db.query(`DROP SEQUENCE ${name}_seen`);
    },
  };
}
