import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import WebSocket from 'ws';
import type { ComfyUiEndpoint } from './comfyui-endpoint.js';
import { type ComfyUiEvent, socketMessageSchema } from './comfyui-wire.js';

export interface ComfyUiSocketOptions {
  reconnectBaseMs: number;
  reconnectMaxMs: number;
  /** ComfyUI never pings; our pings keep proxies from dropping a quiet socket and expose dead ones. */
  pingIntervalMs: number;
  handshakeTimeoutMs: number;
  logger?: Logger;
}

type EventListener = (event: ComfyUiEvent) => void;
type StateListener = (open: boolean) => void;

function frameText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/**
 * The provider's one socket to ComfyUI (`/ws?clientId=`). Run events only reach the socket whose id
 * is the prompt's client_id, so the id never changes, reconnects included. Events are handed to the
 * listeners of their prompt_id; events without one (and binary preview frames) are dropped.
 */
export class ComfyUiSocket {
  readonly clientId = randomUUID();
  private ws: WebSocket | null = null;
  private started = false;
  private closed = false;
  private failures = 0;
  private pongPending = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private readonly byPrompt = new Map<string, Set<EventListener>>();
  private readonly stateListeners = new Set<StateListener>();

  constructor(
    private readonly endpoint: ComfyUiEndpoint,
    private readonly options: ComfyUiSocketOptions,
  ) {}

  get isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Connects on first use; resolves false when the socket is not open within `timeoutMs`. */
  ensureOpen(timeoutMs: number): Promise<boolean> {
    if (!this.started) {
      this.started = true;
      this.connect();
    }
    if (this.isOpen) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (open: boolean): void => {
        clearTimeout(timer);
        stop();
        resolve(open);
      };
      const stop = this.onStateChange((open) => open && finish(true));
      const timer = setTimeout(() => finish(false), timeoutMs);
    });
  }

  subscribe(promptId: string, listener: EventListener): () => void {
    const listeners = this.byPrompt.get(promptId) ?? new Set<EventListener>();
    listeners.add(listener);
    this.byPrompt.set(promptId, listeners);
    return () => {
      listeners.delete(listener);
      if (!listeners.size) this.byPrompt.delete(promptId);
    };
  }

  onStateChange(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.terminate();
    });
  }

  private connect(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.endpoint.socket(this.clientId), {
      headers: this.endpoint.headers,
      handshakeTimeout: this.options.handshakeTimeoutMs,
    });
    this.ws = ws;
    ws.on('open', () => {
      this.failures = 0;
      this.startPinging(ws);
      this.options.logger?.debug({ clientId: this.clientId }, 'ComfyUI socket open');
      this.emitState(true);
    });
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.route(frameText(data));
    });
    ws.on('pong', () => {
      this.pongPending = false;
    });
    ws.on('error', (error) => this.options.logger?.debug({ err: error }, 'ComfyUI socket error'));
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      this.emitState(false);
      this.scheduleReconnect();
    });
  }

  private route(text: string): void {
    let message: ComfyUiEvent;
    try {
      const parsed = socketMessageSchema.safeParse(JSON.parse(text));
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    const promptId = message.data.prompt_id;
    if (typeof promptId !== 'string') return;
    for (const listener of this.byPrompt.get(promptId) ?? []) listener(message);
  }

  private startPinging(ws: WebSocket): void {
    this.pongPending = false;
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (ws.readyState !== WebSocket.OPEN) return;
      if (this.pongPending) {
        this.options.logger?.warn('ComfyUI socket stopped answering pings; reconnecting');
        ws.terminate();
        return;
      }
      this.pongPending = true;
      ws.ping();
    }, this.options.pingIntervalMs);
    this.pingTimer.unref();
  }

  /** Exponential backoff with jitter, so a restarted ComfyUI is not hit by every worker at once. */
  private scheduleReconnect(): void {
    if (this.closed) return;
    const ceiling = Math.min(this.options.reconnectMaxMs, this.options.reconnectBaseMs * 2 ** this.failures);
    const delay = ceiling / 2 + Math.random() * (ceiling / 2);
    this.failures += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }

  private emitState(open: boolean): void {
    for (const listener of [...this.stateListeners]) listener(open);
  }
}
