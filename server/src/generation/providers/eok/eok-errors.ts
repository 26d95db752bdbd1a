import { ProviderError } from '../generation-provider.js';
import type { RetryVerdict } from '../retry.js';

/** The server answered with a status other than 2xx. */
export class EokHttpError extends Error {
  constructor(
    readonly status: number,
    /** The `error` text of the answer's body, when it had one. */
    readonly serverError: string | undefined,
    readonly retryAfterMs: number | undefined,
  ) {
    super(`HTTP ${status}${serverError ? `: ${serverError}` : ''}`);
    this.name = 'EokHttpError';
  }
}

/** No usable answer: connection failure, per-request timeout, or a body we could not read. */
export class EokTransportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EokTransportError';
  }
}

/** The server answered 2xx, but with a body that is not what the contract says. */
export class EokUnreadableError extends EokTransportError {
  constructor(message: string) {
    super(message);
    this.name = 'EokUnreadableError';
  }
}

export const REFUSED_KEY_MESSAGE = 'The external generation server refused the API key';

/** 429, 5xx and transport failures are transient (contract, "What the client must do"). */
export function classifyEokError(error: unknown): RetryVerdict {
  if (error instanceof EokHttpError) {
    const retryable = error.status === 408 || error.status === 429 || error.status >= 500;
    return { retryable, retryAfterMs: error.retryAfterMs };
  }
  return { retryable: error instanceof EokTransportError };
}

/**
 * Whether a failed submit may still have made a generation: the server failed after taking it
 * (5xx), or the answer never came. A 4xx, 429 included, says nothing was made.
 */
export function submitMayHaveCreated(error: unknown): boolean {
  return (error instanceof EokHttpError && error.status >= 500) || error instanceof EokTransportError;
}

function jobError(message: string): ProviderError {
  return new ProviderError(message, { retryable: false, scope: 'job' });
}

/** What is left once the call-specific statuses are handled; non-eok errors pass unchanged. */
function genericError(error: unknown, what: string): unknown {
  if (error instanceof EokHttpError) {
    if (error.status === 401 || error.status === 403) return jobError(REFUSED_KEY_MESSAGE);
    const { retryable, retryAfterMs } = classifyEokError(error);
    return new ProviderError(`The external generation server answered ${error.message} (${what})`, {
      retryable,
      retryAfterMs,
    });
  }
  if (error instanceof EokUnreadableError) {
    return new ProviderError(`The external generation server sent an unreadable answer (${what}): ${error.message}`, {
      retryable: true,
    });
  }
  if (error instanceof EokTransportError) {
    return new ProviderError(`Could not reach the external generation server (${what}): ${error.message}`, {
      retryable: true,
    });
  }
  return error;
}

/** Submitting: 401/404/422 end the whole job, the rest is per item. */
export function submitError(error: unknown, slug: string): unknown {
  if (error instanceof EokHttpError && error.status === 404) {
    return jobError(`Unknown workflow slug on the external generation server: ${slug}`);
  }
  if (error instanceof EokHttpError && error.status === 422) {
    return jobError(error.serverError ?? 'The external generation server refused the overrides');
  }
  return genericError(error, 'submit');
}

/** Following: a 404 here means the server lost the generation, which another try may recover. */
export function followError(error: unknown, generationId: string): unknown {
  if (error instanceof EokHttpError && error.status === 404) {
    return new ProviderError(`The external generation server no longer knows generation ${generationId}`, {
      retryable: true,
    });
  }
  return genericError(error, `status of ${generationId}`);
}

/** Downloading: output URLs are short-lived, so any failure is worth a fresh status and URL. */
export function downloadError(error: unknown, generationId: string, index: number): unknown {
  if (error instanceof EokHttpError || error instanceof EokTransportError) {
    return new ProviderError(`Could not download output ${index} of generation ${generationId}: ${error.message}`, {
      retryable: true,
    });
  }
  return error;
}
