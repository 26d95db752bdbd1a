/** Socket errors that mean the server at the other end is down, restarting or unreachable. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs of a server that cannot serve now: class 08 (connection exception),
 * 57P01-57P03 (shutting down, crashed, starting up) and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What node-postgres and ioredis say, without a code, when their connection is gone. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection is closed\.?$/,
  /enableOfflineQueue options is false/,
];

/** ioredis gives up on a command after its retries while the server is down. */
const REDIS_GAVE_UP = 'MaxRetriesPerRequestError';

function causes(error: unknown): unknown[] {
  const seen: unknown[] = [];
  const queue = [error];
  while (queue.length && seen.length < 10) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.includes(current)) continue;
    seen.push(current);
    const { cause, driverError, errors } = current as { cause?: unknown; driverError?: unknown; errors?: unknown };
    queue.push(cause, driverError, ...(Array.isArray(errors) ? errors : []));
  }
  return seen;
}

/**
 * Whether an error says that PostgreSQL or Redis cannot be reached right now (down, restarting,
 * refusing connections), rather than that the request or the code is wrong. Such a failure is
 * temporary: the caller is told to try again (503), and the connections recover by themselves.
 */
export function isDependencyUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const { code, message, constructor } = e as { code?: unknown; message?: unknown; constructor?: { name?: string } };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (constructor?.name === REDIS_GAVE_UP) return true;
    return typeof message === 'string' && CONNECTION_MESSAGES.some((pattern) => pattern.test(message));
  });
}
