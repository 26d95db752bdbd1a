import { QueryFailedError } from 'typeorm';

/**
 * True when a write broke a unique index (optionally the one named): a check-then-insert that lost
 * a race to a concurrent request, which must answer as the check would have, not as a 500.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driver = error.driverError as { code?: string; constraint?: string };
  return driver.code === '23505' && (constraint === undefined || driver.constraint === constraint);
}
