import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import {
  advance,
  submitBodySchema,
  toWire,
  type DoubleGeneration,
  type GenerationScript,
} from './eok-double-generations.js';
import { NetworkFaults, streamHugeBody } from './network-faults.js';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  at: number;
}

/** Where a scripted status answer applies; `submit-after-create` answers it once the generation exists. */
export type FaultRoute = 'submit' | 'submit-after-create' | 'status' | 'cancel' | 'output';

interface Fault {
  status: number;
  remaining: number;
  retryAfterS: number | undefined;
  route: FaultRoute;
  /** Sent as is instead of the scripted `{error}` body. */
  raw?: string;
}

/**
 * The external generation server of eok-contract.md, over real HTTP on loopback, with scriptable
 * faults. Outputs are real PNGs served by the double itself.
 */
export class EokDouble {
  readonly requests: ReceivedRequest[] = [];
  readonly generations: DoubleGeneration[] = [];
  private readonly script: GenerationScript = { steps: 3, hanging: false, rejections: new Map(), failures: new Map() };
  private readonly slugs: Set<string>;
  private readonly faults: Fault[] = [];
  private requiredKey: string | undefined;
  private keyRevokedFromIndex: number | undefined;
  private overridesError: string | undefined;
  private submitDelayMs = 0;
  private outputSpec = { count: 1, declareContentType: true, contentType: 'image/png' };
  private stalledOutputs = 0;
  private hugeOutputs = 0;
  private readonly network: NetworkFaults;

  private constructor(
    private readonly server: http.Server,
    slugs: string[],
  ) {
    this.slugs = new Set(slugs);
    this.network = new NetworkFaults(server);
  }

  static async start(options: { slugs?: string[]; steps?: number } = {}): Promise<EokDouble> {
    const server = http.createServer();
    const double = new EokDouble(server, options.slugs ?? ['flux-portrait']);
    if (options.steps !== undefined) double.script.steps = options.steps;
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      double.handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return double;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Distinct generations created: idempotent resubmits do not add one. */
  get generationCount(): number {
    return this.generations.length;
  }

  received(method: string, pathPrefix: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  /** The next `times` requests on `route` answer `status` (with Retry-After when given). */
  respondTimes(status: number, times: number, retryAfterS?: number, route: FaultRoute = 'submit'): this {
    this.faults.push({ status, remaining: times, retryAfterS, route });
    return this;
  }

  /** The next `times` answers on `route` are 200 with `body` as is (an answer off the contract). */
  answerRaw(route: FaultRoute, body: string, times = 1): this {
    this.faults.push({ status: 200, remaining: times, retryAfterS: undefined, route, raw: body });
    return this;
  }

  /** The next output download sends its headers and 500 bytes of the promised 100 kB, then nothing. */
  stallNextOutput(): this {
    this.stalledOutputs += 1;
    return this;
  }

  /** The next output download streams 16 MiB with no Content-Length (see streamHugeBody). */
  hugeNextOutput(): this {
    this.hugeOutputs += 1;
    return this;
  }

  reject(batchIndexes: number[], reason: string): this {
    for (const index of batchIndexes) this.script.rejections.set(index, reason);
    return this;
  }

  fail(batchIndexes: number[], error: string): this {
    for (const index of batchIndexes) this.script.failures.set(index, error);
    return this;
  }

  requireKey(key: string): this {
    this.requiredKey = key;
    return this;
  }

  /** The key is revoked mid-job: submits of `batchIndex` and later answer 401. */
  revokeKeyFrom(batchIndex: number): this {
    this.keyRevokedFromIndex = batchIndex;
    return this;
  }

  invalidOverrides(message: string): this {
    this.overridesError = message;
    return this;
  }

  /** Generations start running and never finish. */
  hang(): this {
    this.script.hanging = true;
    return this;
  }

  /** Hanging generations move on again from their next poll. */
  release(): this {
    this.script.hanging = false;
    return this;
  }

  /** Submit answers late, after the generation already exists. */
  delaySubmit(ms: number): this {
    this.submitDelayMs = ms;
    return this;
  }

  /** How many outputs a generation has, and the content_type each declares (image/png unless told). */
  outputs(count: number, options: { declareContentType?: boolean; contentType?: string } = {}): this {
    this.outputSpec = {
      count,
      declareContentType: options.declareContentType ?? true,
      contentType: options.contentType ?? 'image/png',
    };
    return this;
  }

  /** The server is gone: every connection is reset, open or new. */
  vanish(): this {
    this.network.reset();
    return this;
  }

  /** The server hangs: connections stay open, requests arrive, nothing is ever answered. */
  freeze(): this {
    this.network.freeze();
    return this;
  }

  /** Someone else cancels the generation (another client, an operator). */
  cancelGeneration(id: string): void {
    const generation = this.generations.find((g) => g.id === id);
    if (generation && ['queued', 'running'].includes(generation.status)) generation.status = 'cancelled';
  }

  async close(): Promise<void> {
    this.network.destroyAll();
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const path = new URL(req.url ?? '/', this.url).pathname;
    const body = raw ? parseJson(raw) : undefined;
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body, at: Date.now() });

    const output = /^\/outputs\/([^/]+)\/(\d+)\.png$/.exec(path);
    if (req.method === 'GET' && output) return this.serveOutput(res, output[1] ?? '', Number(output[2]));
    // every API call carries a bearer key (eok-contract.md); which one is only checked once required
    const authorization = req.headers.authorization ?? '';
    if (!/^Bearer \S+$/.test(authorization)) return send(res, 401, { error: 'Missing API key' });
    if (this.requiredKey !== undefined && authorization !== `Bearer ${this.requiredKey}`) {
      return send(res, 401, { error: 'Invalid API key' });
    }
    if (req.method === 'POST' && path === '/v1/generations') return this.submit(req, res, body);
    const match = /^\/v1\/generations\/([^/]+)(\/cancel)?$/.exec(path);
    const generation = this.generations.find((g) => g.id === match?.[1]);
    if (!match || !generation) return send(res, 404, { error: 'Not found' });
    if (req.method === 'GET' && !match[2]) {
      if (this.fault(res, 'status')) return;
      advance(generation, this.script);
      return send(res, 200, toWire(generation, this.outputUrls(generation.id)));
    }
    if (req.method === 'POST' && match[2]) {
      if (this.fault(res, 'cancel')) return;
      this.cancelGeneration(generation.id);
      return send(res, 202, { id: generation.id, status: generation.status });
    }
    send(res, 405, { error: 'Method not allowed' });
  }

  private async submit(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (this.fault(res, 'submit')) return;
    const idempotencyKey = req.headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string' || !idempotencyKey)
      return send(res, 400, { error: 'Idempotency-Key required' });
    const parsed = submitBodySchema.safeParse(body);
    if (!parsed.success) return send(res, 400, { error: parsed.error.issues.map((i) => i.message).join('; ') });
    if (this.keyRevokedFromIndex !== undefined && parsed.data.batch_index >= this.keyRevokedFromIndex)
      return send(res, 401, { error: 'Invalid API key' });
    if (!this.slugs.has(parsed.data.slug)) return send(res, 404, { error: `Unknown slug ${parsed.data.slug}` });
    if (this.overridesError !== undefined) return send(res, 422, { error: this.overridesError });

    let generation = this.generations.find((g) => g.idempotencyKey === idempotencyKey);
    if (!generation) {
      generation = {
        id: `gen_${this.generations.length + 1}`,
        idempotencyKey,
        body: parsed.data,
        status: 'queued',
        progress: { value: 0, max: this.script.steps },
      };
      this.generations.push(generation);
    }
    if (this.fault(res, 'submit-after-create')) return;
    if (this.submitDelayMs) await delay(this.submitDelayMs);
    send(res, 202, { id: generation.id, status: generation.status });
  }

  private fault(res: ServerResponse, route: FaultRoute): boolean {
    const fault = this.faults.find((f) => f.route === route && f.remaining > 0);
    if (!fault) return false;
    fault.remaining -= 1;
    if (fault.raw !== undefined) {
      res.writeHead(fault.status, { 'Content-Type': 'application/json' }).end(fault.raw);
      return true;
    }
    const headers: Record<string, string> =
      fault.retryAfterS === undefined ? {} : { 'Retry-After': String(fault.retryAfterS) };
    send(res, fault.status, { error: `Scripted ${fault.status}` }, headers);
    return true;
  }

  private outputUrls(id: string): Array<{ url: string; content_type?: string }> {
    return Array.from({ length: this.outputSpec.count }, (_, n) => ({
      url: `${this.url}/outputs/${id}/${n}.png`,
      ...(this.outputSpec.declareContentType ? { content_type: this.outputSpec.contentType } : {}),
    }));
  }

  private async serveOutput(res: ServerResponse, id: string, index: number): Promise<void> {
    const generation = this.generations.find((g) => g.id === id);
    if (this.fault(res, 'output')) return;
    if (!generation || generation.status !== 'succeeded') return send(res, 404, { error: 'Not found' });
    if (this.stalledOutputs > 0) {
      this.stalledOutputs -= 1;
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': 100_000 });
      res.write(Buffer.alloc(500));
      return;
    }
    if (this.hugeOutputs > 0) {
      this.hugeOutputs -= 1;
      return streamHugeBody(res);
    }
    const png = await samplePng(generation.body.seed + index);
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length });
    res.end(png);
  }
}

/** An 8x8 PNG whose colour follows the seed, so outputs differ and decode. */
function samplePng(seed: number): Promise<Buffer> {
  const background = { r: seed % 256, g: (seed >>> 8) % 256, b: (seed >>> 16) % 256 };
  return sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
