import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { EokHttpError, EokTransportError, EokUnreadableError } from './eok-errors.js';
import { ProviderError } from '../generation-provider.js';
import { DEFAULT_OUTPUT_MAX_BYTES, downloadMeter } from '../output-size-limit.js';
import { parseRetryAfter } from '../retry.js';
import {
  eokErrorBodySchema,
  eokGenerationSchema,
  eokSubmittedSchema,
  type EokGeneration,
  type EokSubmitBody,
  type EokSubmitted,
} from './eok-wire.js';

export interface EokClientOptions {
  /** EOK_URL; may carry a path prefix. */
  baseUrl: string;
  requestTimeoutMs: number;
  /** OUTPUT_MAX_BYTES: the largest output file taken. */
  outputMaxBytes?: number;
}

/**
 * The `v1` calls of eok-contract.md, one HTTP request each (retrying is the caller's business).
 * Fails with EokHttpError (non-2xx) or EokTransportError; when the caller's own signal aborted,
 * its abort error is thrown as is so the caller can tell cancellation from failure.
 */
export class EokClient {
  /** Always ends with a slash: relative paths resolve under a path prefix only then. */
  readonly baseUrl: string;

  constructor(private readonly options: EokClientOptions) {
    this.baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  }

  async submit(key: string, idempotencyKey: string, body: EokSubmitBody, signal: AbortSignal): Promise<EokSubmitted> {
    const headers = { 'Idempotency-Key': idempotencyKey, 'Content-Type': 'application/json' };
    const text = await this.send('POST', 'v1/generations', key, signal, headers, JSON.stringify(body));
    return parseAnswer(eokSubmittedSchema, text, 'POST /v1/generations');
  }

  async status(key: string, id: string, signal: AbortSignal): Promise<EokGeneration> {
    const path = `v1/generations/${encodeURIComponent(id)}`;
    return parseAnswer(eokGenerationSchema, await this.send('GET', path, key, signal), `GET /${path}`);
  }

  async cancel(key: string, id: string, signal: AbortSignal): Promise<void> {
    await this.send('POST', `v1/generations/${encodeURIComponent(id)}/cancel`, key, signal);
  }

  /**
   * Streams one output into `destination`. The request timeout bounds silence, not the transfer:
   * the wait for the headers, then each wait for the next chunk (a large video may take longer to
   * arrive than any one timeout; the caller's signal bounds the whole, OUTPUT_MAX_BYTES the size).
   * Returns the Content-Type.
   */
  async download(url: URL, key: string | undefined, destination: string, signal: AbortSignal): Promise<string | null> {
    const stalled = new AbortController();
    const idle = setTimeout(() => stalled.abort(), this.options.requestTimeoutMs);
    const what = `GET ${url.pathname}`;
    try {
      let response: Response;
      try {
        const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
        response = await fetch(url, { headers, signal: AbortSignal.any([signal, stalled.signal]) });
      } catch (error) {
        throw this.transportError(error, signal, what, stalled.signal.aborted);
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new EokHttpError(response.status, undefined, parseRetryAfter(response.headers.get('retry-after')));
      }
      const meter = downloadMeter(
        idle,
        this.options.outputMaxBytes ?? DEFAULT_OUTPUT_MAX_BYTES,
        path.basename(url.pathname),
      );
      try {
        const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
        await pipeline(body, meter, createWriteStream(destination));
      } catch (error) {
        await rm(destination, { force: true });
        if (error instanceof ProviderError) throw error;
        if (stalled.signal.aborted && !signal.aborted) {
          throw new EokTransportError(`${what}: no data for ${this.options.requestTimeoutMs} ms`);
        }
        throw this.transportError(error, signal, what);
      }
      return response.headers.get('content-type');
    } finally {
      clearTimeout(idle);
    }
  }

  /** One request; the answer's body text when it is 2xx. */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    key: string,
    signal: AbortSignal,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<string> {
    let response: Response;
    let text: string;
    const timeout = AbortSignal.timeout(this.options.requestTimeoutMs);
    try {
      response = await fetch(new URL(path, this.baseUrl), {
        method,
        headers: { ...headers, Authorization: `Bearer ${key}`, Accept: 'application/json' },
        body,
        signal: AbortSignal.any([signal, timeout]),
      });
      text = await response.text();
    } catch (error) {
      throw this.transportError(error, signal, `${method} /${path}`, timeout.aborted);
    }
    if (!response.ok) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      throw new EokHttpError(response.status, errorText(text), retryAfterMs);
    }
    return text;
  }

  private transportError(error: unknown, signal: AbortSignal, what: string, timedOut = false): unknown {
    if (signal.aborted) return error;
    // a server that hangs: say so, rather than the abort's own "operation was aborted"
    if (timedOut) return new EokTransportError(`${what}: no answer within ${this.options.requestTimeoutMs} ms`);
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return new EokTransportError(`${what}: ${reason}`, { cause: error });
  }
}

function parseAnswer<S extends z.ZodType>(schema: S, text: string, what: string): z.infer<S> {
  const parsed = schema.safeParse(parseJson(text));
  if (!parsed.success) throw new EokUnreadableError(`${what}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The `{"error": "..."}` of a refusal, when the body is one. */
function errorText(text: string): string | undefined {
  const parsed = eokErrorBodySchema.safeParse(parseJson(text));
  return parsed.success && parsed.data.error ? parsed.data.error : undefined;
}
