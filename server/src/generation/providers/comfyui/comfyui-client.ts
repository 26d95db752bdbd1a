import { createWriteStream, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { z } from 'zod';
import { GenerationCancelledError, ProviderError } from '../generation-provider.js';
import { DEFAULT_OUTPUT_MAX_BYTES, downloadMeter } from '../output-size-limit.js';
import type { ComfyUiEndpoint } from './comfyui-endpoint.js';
import { ComfyUiTransportError } from './comfyui-errors.js';
import {
  type HistoryEntry,
  historyEntrySchema,
  type NodeErrors,
  type OutputItem,
  promptAcceptedSchema,
  type PromptRefusal,
  promptRefusedSchema,
  queueSchema,
  uploadedSchema,
} from './comfyui-wire.js';

const GATEWAY_STATUSES = new Set([502, 503, 504]);

const JOB_REFUSALS = new Map([
  [401, 'login required'],
  [403, 'access denied'],
  [413, 'the request is larger than ComfyUI accepts'],
]);

/** Errors of a connection that was never made: nothing of the request reached ComfyUI. */
const NOT_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export interface QueueState {
  running: string[];
  pending: string[];
  /** Each queued or running prompt's `extra_data`, by prompt id: what its sender wrote there. */
  extraData: Map<string, unknown>;
}

export type PromptSubmission =
  | { accepted: true; promptId: string; number: number | undefined; nodeErrors: NodeErrors }
  | { accepted: false; refusal: PromptRefusal };

interface RawAnswer {
  status: number;
  text: string;
}

interface SendOptions {
  json?: unknown;
  form?: FormData;
  query?: Record<string, string>;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function queueIds(items: unknown[][]): string[] {
  return items.map((item) => item[1]).filter((id): id is string => typeof id === 'string');
}

function extraDataById(items: unknown[][]): Map<string, unknown> {
  const byId = new Map<string, unknown>();
  for (const item of items) if (typeof item[1] === 'string') byId.set(item[1], item[3]);
  return byId;
}

/** Typed calls to ComfyUI's HTTP API (comfyui-protocol.md sections 2-4), each with its own timeout. */
export class ComfyUiClient {
  constructor(
    private readonly endpoint: ComfyUiEndpoint,
    private readonly requestTimeoutMs: number,
    private readonly outputMaxBytes = DEFAULT_OUTPUT_MAX_BYTES,
  ) {}

  async submitPrompt(body: Record<string, unknown>): Promise<PromptSubmission> {
    const answer = await this.send('POST', '/prompt', { json: body });
    if (answer.status === 400) {
      const refusal = promptRefusedSchema.safeParse(parseJson(answer.text));
      return { accepted: false, refusal: refusal.success ? refusal.data : { error: answer.text.slice(0, 300) } };
    }
    const accepted = this.read(answer, 'POST /prompt', promptAcceptedSchema);
    return {
      accepted: true,
      promptId: accepted.prompt_id,
      number: accepted.number,
      nodeErrors: accepted.node_errors ?? {},
    };
  }

  async getQueue(): Promise<QueueState> {
    const queue = this.read(await this.send('GET', '/queue'), 'GET /queue', queueSchema);
    return {
      running: queueIds(queue.queue_running),
      pending: queueIds(queue.queue_pending),
      extraData: extraDataById([...queue.queue_running, ...queue.queue_pending]),
    };
  }

  /** Null while the prompt is queued, running, unknown or evicted: ComfyUI answers `{}` for all. */
  async getHistory(promptId: string): Promise<HistoryEntry | null> {
    const route = `/history/${encodeURIComponent(promptId)}`;
    const answer = await this.send('GET', route);
    this.expectOk(answer, `GET ${route}`);
    const body = parseJson(answer.text);
    if (!body || typeof body !== 'object' || !(promptId in body)) return null;
    const entry = historyEntrySchema.safeParse((body as Record<string, unknown>)[promptId]);
    return entry.success ? entry.data : null;
  }

  /** Removes pending prompts; ComfyUI answers 200 with an empty body. */
  async deletePending(promptIds: string[]): Promise<void> {
    this.expectOk(await this.send('POST', '/queue', { json: { delete: promptIds } }), 'POST /queue');
  }

  /** Interrupts the prompt only if it is the one running (ComfyUI PR #9607). */
  async interrupt(promptId: string): Promise<void> {
    this.expectOk(await this.send('POST', '/interrupt', { json: { prompt_id: promptId } }), 'POST /interrupt');
  }

  /** Uploads an input file; the answer's `subfolder/name` is what LoadImage reads. */
  async uploadImage(filePath: string, fileName: string, subfolder: string, signal: AbortSignal): Promise<string> {
    const form = new FormData();
    form.set('image', await openAsBlob(filePath), fileName);
    form.set('type', 'input');
    form.set('subfolder', subfolder);
    const uploaded = this.read(
      await this.send('POST', '/upload/image', { form, signal }),
      'POST /upload/image',
      uploadedSchema,
    );
    return uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
  }

  /**
   * Streams one output to `destination`; returns the response's content type. Outputs may be long
   * videos, so the timeout is on silence, not on the whole transfer; the size is bounded.
   */
  async download(item: OutputItem, destination: string, signal: AbortSignal): Promise<string | null> {
    const label = `GET /view ${item.filename}`;
    const stalled = new AbortController();
    const idle = setTimeout(() => stalled.abort(), this.requestTimeoutMs);
    const query = { filename: item.filename, subfolder: item.subfolder, type: item.type };
    try {
      const response = await fetch(this.endpoint.http('/view', query), {
        headers: this.endpoint.headers,
        signal: AbortSignal.any([stalled.signal, signal]),
        redirect: 'manual',
      });
      if (!response.ok) this.expectOk({ status: response.status, text: await response.text() }, label);
      const body = response.body
        ? Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>)
        : Readable.from([]);
      await pipeline(body, downloadMeter(idle, this.outputMaxBytes, item.filename), createWriteStream(destination));
      return response.headers.get('content-type');
    } catch (error) {
      await rm(destination, { force: true });
      throw this.failure(error, label, signal, stalled.signal.aborted);
    } finally {
      clearTimeout(idle);
    }
  }

  private async send(method: string, route: string, options: SendOptions = {}): Promise<RawAnswer> {
    const label = `${method} ${route}`;
    const timeout = AbortSignal.timeout(this.requestTimeoutMs);
    const headers: Record<string, string> = { ...this.endpoint.headers };
    let body: string | FormData | undefined = options.form;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    try {
      const response = await fetch(this.endpoint.http(route, options.query), {
        method,
        headers,
        body,
        signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
        redirect: 'manual',
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      throw this.failure(error, label, options.signal, timeout.aborted);
    }
  }

  private failure(error: unknown, label: string, callerSignal: AbortSignal | undefined, timedOut: boolean): Error {
    if (error instanceof ProviderError) return error;
    if (callerSignal?.aborted) return new GenerationCancelledError();
    if (error instanceof Error && 'syscall' in error && 'path' in error) {
      // A file system error (disk full, permissions) while saving an output, not a network one.
      return new ProviderError(`Could not save the output of ${label}: ${error.message}`, { retryable: true });
    }
    if (timedOut)
      return new ComfyUiTransportError(`ComfyUI did not answer ${label} within ${this.requestTimeoutMs} ms`);
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    const code = cause instanceof Error && 'code' in cause ? cause.code : undefined;
    return new ComfyUiTransportError(`ComfyUI unreachable (${label}): ${reason}`, {
      notSent: typeof code === 'string' && NOT_CONNECTED_CODES.has(code),
    });
  }

  private expectOk(answer: RawAnswer, label: string): void {
    if (answer.status >= 200 && answer.status < 300) return;
    if (answer.status >= 300 && answer.status < 400) {
      // ComfyUI-Login and similar front doors redirect to a login page instead of answering 401.
      throw new ProviderError(`ComfyUI answered ${label} with a redirect (HTTP ${answer.status}): login required?`, {
        retryable: false,
        scope: 'job',
      });
    }
    if (GATEWAY_STATUSES.has(answer.status)) {
      // a proxy in front of ComfyUI that cannot reach it (a restart behind nginx): followed like a
      // dropped connection, not failed at once
      throw new ComfyUiTransportError(`ComfyUI unreachable (${label}): HTTP ${answer.status} from the proxy`);
    }
    if (JOB_REFUSALS.has(answer.status)) {
      // a password or Origin check in front of ComfyUI, or a body over its limit: every item alike
      throw new ProviderError(`ComfyUI refused ${label} (HTTP ${answer.status}): ${JOB_REFUSALS.get(answer.status)}`, {
        retryable: false,
        scope: 'job',
      });
    }
    const retryable = answer.status >= 500 || answer.status === 429;
    const snippet = answer.text.slice(0, 200).trim();
    throw new ProviderError(`ComfyUI answered ${label} with HTTP ${answer.status}${snippet ? `: ${snippet}` : ''}`, {
      retryable,
    });
  }

  private read<T extends z.ZodType>(answer: RawAnswer, label: string, schema: T): z.infer<T> {
    this.expectOk(answer, label);
    const parsed = schema.safeParse(parseJson(answer.text));
    if (!parsed.success) throw new ProviderError(`ComfyUI sent an unreadable answer to ${label}`, { retryable: true });
    return parsed.data;
  }
}
