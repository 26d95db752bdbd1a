import { MESSAGES } from '@atelier/shared';

/**
 * Errors a feature throws; the global filter turns each into `{ "error": message }` with its
 * status. Messages are the texts the spec names, so the client can show them as they are.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, message, fields);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = MESSAGES.unauthorized) {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = MESSAGES.forbidden) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * A save from a copy older than someone else's save: applied, it would undo that save unseen (two
 * admins on one base workflow, slug workflow or override definition). `field` names what the
 * caller sent its copy's version in, so a client can tell this 409 from the others and reload.
 */
export class StaleCopyError extends AppError {
  constructor(name: string, field: string) {
    const message = `${name} was changed by someone else since you opened it; reopen it to see that change before saving yours`;
    super(409, message, { [field]: message });
  }
}

/**
 * Refuses a change sent with the `expected_updated_at` of an older copy than `current` (compared to
 * the millisecond, as the API shows updated_at); a change sent without one is not checked.
 */
export function assertCurrentCopy(name: string, current: Date, expected: string | undefined): void {
  if (expected !== undefined && current.getTime() !== Date.parse(expected))
    throw new StaleCopyError(name, 'expected_updated_at');
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterS: number) {
    super(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterS))) });
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(message: string = MESSAGES.serviceUnavailable) {
    super(503, message);
  }
}
