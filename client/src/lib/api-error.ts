/**
 * A failed API call. `serverMessage` is the `{ error }` text the server answered, when it did;
 * `fieldMessages` its per-field messages (a 400 for a body that failed validation), keyed by field.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    readonly fieldMessages: Readonly<Record<string, string>> = {},
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
  }
}

/** SPEC section 8: show the server's error text when there is one, otherwise the screen's default. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** The server's per-field messages, or none when the failure was not about particular fields. */
export function fieldErrors(error: unknown): Readonly<Record<string, string>> {
  return error instanceof ApiError ? error.fieldMessages : {};
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The server refused the change because of where things stand now (a job already finished). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A failure that asking again may mend: no answer reached us, or the server failed (5xx); a 4xx would come again. */
export function mayPassOnRetry(error: unknown): boolean {
  return !(error instanceof ApiError && error.status < 500);
}
