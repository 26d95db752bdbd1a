import { mayPassOnRetry } from './api-error';

/**
 * A random (version 4) UUID from getRandomValues: crypto.randomUUID exists only in secure contexts,
 * and Atelier may well be opened over plain HTTP on a local network.
 */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of one submit attempt of one form. An attempt that got no answer (no
 * response, or a 5xx) may have made its job all the same, so the same form sent again carries the
 * same key and the server answers that job instead of making another. Any answer, or a change to
 * the form, means a new key: two deliberate submissions of one form after a success are two jobs.
 */
export class SubmitAttemptKey {
  private kept: { form: string; key: string } | null = null;

  /** The key to send `form` with. */
  for(form: unknown): string {
    const sent = JSON.stringify(form);
    if (this.kept?.form !== sent) this.kept = { form: sent, key: randomUuid() };
    return this.kept.key;
  }

  /** After the attempt: `error` null when it succeeded. */
  settle(error: unknown): void {
    if (!error || !mayPassOnRetry(error)) this.kept = null;
  }
}
