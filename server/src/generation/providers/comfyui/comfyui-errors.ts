import { GenerationCancelledError, ProviderError } from '../generation-provider.js';
import { executionErrorSchema, type HistoryEntry, type NodeErrors, type PromptRefusal } from './comfyui-wire.js';

/**
 * ComfyUI could not be reached, timed out or broke the connection. Retryable; the provider also
 * uses the type to tell a lost POST /prompt answer from a refusal.
 */
export class ComfyUiTransportError extends ProviderError {
  /** The connection was never made, so the request cannot have reached ComfyUI. */
  readonly notSent: boolean;

  constructor(message: string, options: { notSent?: boolean } = {}) {
    super(message, { retryable: true });
    this.name = 'ComfyUiTransportError';
    this.notSent = options.notSent ?? false;
  }
}

/**
 * Trouble worth asking again about: ComfyUI unreachable, a 5xx or 429, an answer we could not
 * read. Not a refusal of the whole job (a login redirect, a refused key).
 */
export function isPassingTrouble(error: unknown): error is ProviderError {
  return error instanceof ProviderError && error.retryable && error.scope === 'item';
}

function describeNodeErrors(nodeErrors: NodeErrors | undefined): string[] {
  return Object.entries(nodeErrors ?? {}).flatMap(([nodeId, node]) =>
    node.errors.map((error) => {
      const where = error.extra_info?.input_name ?? (typeof error.details === 'string' ? error.details : '');
      const what = [error.type || error.message, where].filter(Boolean).join(' ');
      return `${node.class_type ?? `node ${nodeId}`}: ${what}`;
    }),
  );
}

/** Node errors as one line, for logs of a partial run (200 with node_errors). */
export function nodeErrorsSummary(nodeErrors: NodeErrors | undefined): string {
  return describeNodeErrors(nodeErrors).join('; ');
}

/** A 400 from POST /prompt: the graph itself is wrong, so every item of the job would fail alike. */
export function refusalError(refusal: PromptRefusal): ProviderError {
  const error = refusal.error;
  let head: string;
  if (typeof error === 'string') head = error;
  else if (error) {
    const details = typeof error.details === 'string' && error.details ? `: ${error.details}` : '';
    head = `${error.message || error.type}${details}`;
  } else head = 'invalid prompt';
  const nodes = describeNodeErrors(refusal.node_errors);
  const message = `ComfyUI refused the workflow: ${head}${nodes.length ? ` (${nodes.join('; ')})` : ''}`;
  return new ProviderError(message, { retryable: false, scope: 'job' });
}

/** `execution_error` data (socket event or history message); only out-of-memory is worth a retry. */
export function executionError(data: unknown): ProviderError {
  const parsed = executionErrorSchema.safeParse(data);
  const type = parsed.success ? parsed.data.exception_type : '';
  const text = parsed.success ? parsed.data.exception_message.trim() : '';
  const message = [type, text].filter(Boolean).join(': ') || 'ComfyUI reported an execution error';
  return new ProviderError(message, { retryable: /out of memory/i.test(message) });
}

/** Someone interrupted our run; if it was not us, the item is worth another attempt. */
export function interruptedError(cancelRequested: boolean): Error {
  return cancelRequested
    ? new GenerationCancelledError()
    : new ProviderError('ComfyUI interrupted the run', { retryable: true });
}

export function lostPromptError(): ProviderError {
  return new ProviderError('ComfyUI lost the prompt (restarted or history cleared)', { retryable: true });
}

/** How the run ended by its history entry; null for success (old servers write no status at all). */
export function historyFailure(entry: HistoryEntry): Error | null {
  if (entry.status?.status_str !== 'error') return null;
  for (const [event, data] of entry.status.messages) {
    if (event === 'execution_error') return executionError(data);
    if (event === 'execution_interrupted') return interruptedError(false);
  }
  return new ProviderError('ComfyUI reported the run as failed', { retryable: true });
}
