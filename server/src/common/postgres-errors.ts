import { QueryFailedError } from 'typeorm';

/** PostgreSQL's SQLSTATE and constraint of a failed query: TypeORM's wrapper or pg's own error. */
export function postgresError(error: unknown): { code?: string; constraint?: string } {
  const driver = error instanceof QueryFailedError ? error.driverError : error;
  if (typeof driver !== 'object' || driver === null) return {};
  const { code, constraint } = driver as { code?: unknown; constraint?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  };
}

/**
 * True when a write broke a unique index (optionally the one named): a check-then-insert that lost
 * a race to a concurrent request, which must answer as the check would have, not as a 500.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const failed = postgresError(error);
  return failed.code === '23505' && (constraint === undefined || failed.constraint === constraint);
}
