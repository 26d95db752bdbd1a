import { QueryFailedError } from 'typeorm';

/** PostgreSQL's SQLSTATE and constraint of a failed query: TypeORM's wrapper or pg's own error. */
export function postgresError(error: unknown): { code?: string; constraint?: string; detail?: string } {
  const driver = error instanceof QueryFailedError ? error.driverError : error;
  if (typeof driver !== 'object' || driver === null) return {};
  const { code, constraint, detail } = driver as { code?: unknown; constraint?: unknown; detail?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
    detail: typeof detail === 'string' ? detail : undefined,
  };
}

/**
 * The row a write referred to that no longer exists (a user, workflow or folder deleted by someone
 * else while the request was on its way), or null for any other error. PostgreSQL says which in
 * the detail: `Key (workflow_id)=(5) is not present in table "workflows".`
 */
export function missingParent(error: unknown): { table: string; key: string } | null {
  const failed = postgresError(error);
  if (failed.code !== '23503') return null;
  const match = /^Key \([^)]*\)=\((.*)\) is not present in table "([^"]+)"/.exec(failed.detail ?? '');
  return match ? { table: match[2]!, key: match[1]! } : null;
}

/** Two transactions each waited for the other (40P01), or a serializable one lost (40001): try again. */
export function isTransactionConflict(error: unknown): boolean {
  const { code } = postgresError(error);
  return code === '40P01' || code === '40001';
}

/**
 * True when a write broke a unique index (optionally the one named): a check-then-insert that lost
 * a race to a concurrent request, which must answer as the check would have, not as a 500.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const failed = postgresError(error);
  return failed.code === '23505' && (constraint === undefined || failed.constraint === constraint);
}
