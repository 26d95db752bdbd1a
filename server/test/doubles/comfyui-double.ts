import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { checkPrompt, stepsTooHighRefusal } from './comfyui-double-prompt.js';
import { DoubleRunner } from './comfyui-double-runner.js';
import { DoubleSocketHub } from './comfyui-double-sockets.js';
import { type DoubleFaults, type Graph, type HistoryEntry, noFaults, queueItem } from './comfyui-double-state.js';
import { NetworkFaults, streamHugeBody } from './network-faults.js';

export interface ReceivedPrompt {
  promptId: string;
  clientId: unknown;
  prompt: Graph;
  /** As ComfyUI keeps it: the body's `extra_data` with `client_id` added. */
  extraData: Record<string, unknown>;
  seq: number;
}

export interface ReceivedUpload {
  name: string;
  subfolder: string;
  type: string;
  bytes: Buffer;
}

/**
 * An answer scripted in place of the real one: a status and body, a body cut off mid-way, or a huge
 * body of unknown length (a runaway node's output; 16 MiB, so a client that takes it all still ends).
 */
export type ScriptedAnswer = { status: number; body?: string; contentType?: string } | 'cut' | 'huge';

const CONTENT_TYPES: Record<string, string> = { '.png': 'image/png', '.webm': 'video/webm', '.flac': 'audio/flac' };

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson(body: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/**
 * A ComfyUI on 127.0.0.1 that speaks the real wire protocol (comfyui-protocol.md) over real HTTP and
 * WebSocket, with switchable faults and a record of what clients sent.
 */
export class ComfyUiDouble {
  readonly prompts: ReceivedPrompt[] = [];
  readonly interrupts: Array<string | null> = [];
  readonly deletes: string[] = [];
  readonly uploads: ReceivedUpload[] = [];
  /** Every GET /history/{id}, and whether the entry existed at that moment. */
  readonly historyReads: Array<{ promptId: string; found: boolean }> = [];
  queueReads = 0;
  private queueReadFailures = 0;
  private readonly faults: DoubleFaults = noFaults();
  private readonly runner: DoubleRunner;
  private readonly hub: DoubleSocketHub;
  private readonly server: Server;
  private readonly network: NetworkFaults;
  private sequence = 0;
  private promptCounter = 0;
  private lostReply = false;
  private badGatewayUntil = 0;
  private readonly scripted: Array<{ prefix: string; answer: ScriptedAnswer }> = [];
  url = '';

  private constructor(png: Buffer) {
    this.hub = new DoubleSocketHub(
      () => this.sequence++,
      (clientId) => (this.runner.running?.extraData.client_id === clientId ? this.runner.runningNode : null),
      () => this.runner.queueRemaining(),
    );
    this.runner = new DoubleRunner(this.hub, this.faults, png);
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500).end(String(error));
      });
    });
    this.server.on('upgrade', (request, socket, head: Buffer) => this.hub.upgrade(request, socket, head));
    this.network = new NetworkFaults(this.server);
  }

  static async start(): Promise<ComfyUiDouble> {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    const double = new ComfyUiDouble(png);
    await new Promise<void>((resolve) => double.server.listen(0, '127.0.0.1', resolve));
    double.url = `http://127.0.0.1:${(double.server.address() as AddressInfo).port}`;
    return double;
  }

  get socketConnections(): ReadonlyArray<{ clientId: string; seq: number }> {
    return this.hub.connections;
  }

  /** A proxy in front of ComfyUI answers 502 Bad Gateway to every HTTP request for `ms` (a restart behind nginx). */
  badGatewayFor(ms: number): this {
    this.badGatewayUntil = Date.now() + ms;
    return this;
  }

  /**
   * The next request whose `METHOD /route` starts with `prefix` gets `answer` instead of the real
   * one (a proxy's 500 page, a 429, a login wall, a download cut off); one entry per request.
   */
  answerNext(prefix: string, ...answers: ScriptedAnswer[]): this {
    for (const answer of answers) this.scripted.push({ prefix, answer });
    return this;
  }

  /** How many of the answers scripted for `prefix` no request has taken yet. */
  answersLeft(prefix: string): number {
    return this.scripted.filter((entry) => entry.prefix === prefix).length;
  }

  /** Behaves as a ComfyUI from before July 2025: the prompt_id a client sends is ignored, the server makes its own. */
  makeOwnPromptIds(): this {
    this.faults.ownPromptIds = true;
    return this;
  }
  /** The next `count` reads of GET /queue answer 502, as a proxy in front of a busy ComfyUI can. */
  failQueueReads(count: number): this {
    this.queueReadFailures = count;
    return this;
  }
  respondWith400NodeErrors(): this {
    this.faults.nodeErrors400 = true;
    return this;
  }
  failWithExecutionError(message: string): this {
    this.faults.executionError = message;
    return this;
  }
  /** Closes every socket after the first progress event and refuses sockets until the run ends. */
  dropSocketMidRun(): this {
    this.faults.dropSocketMidRun = true;
    return this;
  }
  /** The history entry lands `ms` after execution_success, as it can on a busy ComfyUI. */
  lagHistory(ms: number): this {
    this.faults.historyLagMs = ms;
    return this;
  }
  emptyHistory(): this {
    this.faults.emptyHistory = true;
    return this;
  }
  /** Each sampler step takes `msPerStep`. */
  slowRun(msPerStep: number): this {
    this.faults.stepDelayMs = msPerStep;
    return this;
  }
  loseFirstPromptReply(): this {
    this.faults.loseFirstPromptReply = true;
    return this;
  }
  /** The server is gone: every connection, socket included, is reset, and so is every new one. */
  vanish(): this {
    this.network.reset();
    return this;
  }
  /** After vanish: the server is reachable again, with its queue and history as they were (a network cut, not a restart). */
  reappear(): this {
    this.network.restore();
    return this;
  }
  /** The server hangs: connections stay open, requests arrive, nothing is ever answered. */
  freeze(): this {
    this.network.freeze();
    return this;
  }
  pauseQueue(): this {
    this.faults.paused = true;
    return this;
  }
  /** The sampler stops after `step` (as in a long decode) until releaseStep. */
  holdAfterStep(step: number): this {
    this.faults.holdAfterStep = step;
    return this;
  }
  releaseStep(): this {
    this.faults.holdAfterStep = null;
    this.runner.releaseStep();
    return this;
  }
  /** Runs the next `runs` prompts, then holds the others pending until resumeQueue. */
  pauseAfter(runs: number): this {
    this.faults.runsBeforePause = runs;
    return this;
  }
  resumeQueue(): this {
    this.faults.paused = false;
    this.faults.runsBeforePause = null;
    this.runner.kick();
    return this;
  }

  historyOf(promptId: string): HistoryEntry | undefined {
    return this.runner.history.get(promptId);
  }
  isPending(promptId: string): boolean {
    return this.runner.pending.some((prompt) => prompt.id === promptId);
  }
  isRunning(promptId: string): boolean {
    return this.runner.running?.id === promptId;
  }

  async close(): Promise<void> {
    this.network.destroyAll();
    this.runner.close();
    this.hub.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://double');
    const route = url.pathname.replace(/^\/api(?=\/)/, '');
    const body = await readBody(request);
    const key = `${request.method ?? 'GET'} ${route}`;
    if (Date.now() < this.badGatewayUntil) {
      response
        .writeHead(502, { 'content-type': 'text/html' })
        .end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      return;
    }
    const scripted = this.scripted.findIndex(({ prefix }) => key.startsWith(prefix));
    if (scripted >= 0) return this.answerScripted(this.scripted.splice(scripted, 1)[0]!.answer, request, response);
    if (key === 'POST /prompt') return this.postPrompt(request, response, body);
    if (key === 'GET /prompt')
      return json(response, 200, { exec_info: { queue_remaining: this.runner.queueRemaining() } });
    if (key === 'GET /queue') {
      this.queueReads += 1;
      if (this.queueReadFailures > 0) {
        this.queueReadFailures -= 1;
        return void response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
      }
      const running = this.runner.running ? [queueItem(this.runner.running)] : [];
      return json(response, 200, { queue_running: running, queue_pending: this.runner.pending.map(queueItem) });
    }
    if (key === 'POST /queue') {
      const ids = parseJson(body)?.delete;
      if (Array.isArray(ids)) {
        const strings = ids.filter((id): id is string => typeof id === 'string');
        this.deletes.push(...strings);
        this.runner.deletePending(strings);
      }
      return void response.writeHead(200).end();
    }
    if (key === 'POST /interrupt') {
      const promptId = parseJson(body)?.prompt_id;
      this.interrupts.push(typeof promptId === 'string' ? promptId : null);
      this.runner.interrupt(typeof promptId === 'string' ? promptId : null);
      return void response.writeHead(200).end();
    }
    const historyId = /^\/history\/(.+)$/.exec(route)?.[1];
    if (request.method === 'GET' && historyId) {
      const id = decodeURIComponent(historyId);
      const entry = this.runner.history.get(id);
      this.historyReads.push({ promptId: id, found: !!entry });
      return json(response, 200, entry ? { [id]: entry } : {});
    }
    if (key === 'GET /history') return json(response, 200, Object.fromEntries(this.runner.history));
    if (key === 'POST /upload/image') return this.upload(request, response, body);
    if (key === 'GET /view') return this.view(url, response);
    if (key === 'GET /system_stats') return json(response, 200, { system: { comfyui_version: 'double' }, devices: [] });
    response.writeHead(404).end('404: Not Found');
  }

  private answerScripted(answer: ScriptedAnswer, request: IncomingMessage, response: ServerResponse): void {
    if (answer === 'huge') return streamHugeBody(response);
    if (answer !== 'cut') {
      response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain' }).end(answer.body ?? '');
      return;
    }
    // a promised 100 kB of which 1 kB arrives before the connection is reset
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
    response.write(Buffer.alloc(1000), () => request.socket.resetAndDestroy());
  }

  private postPrompt(request: IncomingMessage, response: ServerResponse, raw: Buffer): void {
    const body = parseJson(raw);
    if (!body) return void response.writeHead(500).end('500 Internal Server Error');
    const check = checkPrompt(body);
    if (!check.ok) return json(response, 400, check.body);
    if (this.faults.nodeErrors400) return json(response, 400, stepsTooHighRefusal(check.graph, check.outputNodes));
    const id = typeof body.prompt_id === 'string' && !this.faults.ownPromptIds ? body.prompt_id : randomUUID();
    const counter = this.promptCounter++;
    const number = typeof body.number === 'number' ? body.number : body.front === true ? -counter : counter;
    const extraData = { ...(body.extra_data as Record<string, unknown> | undefined), client_id: body.client_id };
    this.prompts.push({ promptId: id, clientId: body.client_id, prompt: check.graph, extraData, seq: this.sequence++ });
    this.runner.enqueue({ number, id, prompt: check.graph, extraData, outputNodes: check.outputNodes });
    if (this.faults.loseFirstPromptReply && !this.lostReply) {
      // Queued, but the client never hears so: the connection dies before the answer.
      this.lostReply = true;
      request.socket.destroy();
      return;
    }
    json(response, 200, { prompt_id: id, number, node_errors: {} });
  }

  private async upload(request: IncomingMessage, response: ServerResponse, raw: Buffer): Promise<void> {
    const form = await new Request('http://double/upload/image', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: raw,
    }).formData();
    const image = form.get('image');
    if (!(image instanceof Blob)) return void response.writeHead(400).end();
    const type = String(form.get('type') ?? 'input') || 'input';
    const subfolder = String(form.get('subfolder') ?? '');
    const overwrite = ['true', '1'].includes(String(form.get('overwrite') ?? ''));
    const bytes = Buffer.from(await image.arrayBuffer());
    const parsed = path.parse((image as File).name || 'image.png');
    let name = parsed.base;
    // A clashing, different file gets "name (1).ext"; identical bytes are reused.
    for (let n = 1; !overwrite && this.runner.files.get(`${type}/${subfolder}/${name}`)?.equals(bytes) === false; n++) {
      name = `${parsed.name} (${n})${parsed.ext}`;
    }
    this.runner.files.set(`${type}/${subfolder}/${name}`, bytes);
    this.uploads.push({ name, subfolder, type, bytes });
    json(response, 200, { name, subfolder, type });
  }

  private view(url: URL, response: ServerResponse): void {
    const filename = url.searchParams.get('filename') ?? '';
    const subfolder = url.searchParams.get('subfolder') ?? '';
    const type = url.searchParams.get('type') || 'output';
    if (!filename || filename.startsWith('/') || filename.includes('..')) return void response.writeHead(400).end();
    if (subfolder.includes('..') || subfolder.startsWith('/')) return void response.writeHead(403).end();
    const bytes = this.runner.files.get(`${type}/${subfolder}/${filename}`);
    if (!bytes) return void response.writeHead(404).end();
    const contentType = CONTENT_TYPES[path.extname(filename)] ?? 'application/octet-stream';
    response
      .writeHead(200, { 'content-type': contentType, 'content-disposition': `filename="${filename}"` })
      .end(bytes);
  }
}
