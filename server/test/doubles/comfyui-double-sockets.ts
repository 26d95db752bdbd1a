import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { DoubleSockets } from './comfyui-double-state.js';

export interface SocketConnection {
  clientId: string;
  /** Position in the double's sequence of received requests and connections. */
  seq: number;
}

/** The double's `/ws?clientId=` endpoint: one socket per client id, ComfyUI's routing rules. */
export class DoubleSocketHub implements DoubleSockets {
  readonly connections: SocketConnection[] = [];
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly byClient = new Map<string, WebSocket>();
  private refusing = false;

  constructor(
    private readonly nextSeq: () => number,
    /** What a new socket hears right after `status`: the node its client's prompt is running, if any. */
    private readonly runningNodeOf: (clientId: string) => string | null,
    private readonly queueRemaining: () => number,
  ) {}

  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://double');
    if (url.pathname.replace(/^\/api(?=\/)/, '') !== '/ws' || this.refusing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    const clientId = url.searchParams.get('clientId') ?? randomUUID().replaceAll('-', '');
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, clientId));
  }

  send(
    clientId: string | undefined,
    type: string,
    data: Record<string, unknown>,
    broadcastWithoutClient = false,
  ): void {
    if (clientId) this.sendTo(this.byClient.get(clientId), JSON.stringify({ type, data }));
    else if (broadcastWithoutClient) this.sendToAll(type, data);
  }

  sendToAll(type: string, data: Record<string, unknown>): void {
    const frame = JSON.stringify({ type, data });
    for (const ws of this.byClient.values()) this.sendTo(ws, frame);
  }

  sendPreview(clientId: string | undefined, image: Buffer): void {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(1, 0);
    header.writeUInt32BE(2, 4);
    const frame = Buffer.concat([header, image]);
    const targets = clientId ? [this.byClient.get(clientId)] : [...this.byClient.values()];
    for (const ws of targets) if (ws?.readyState === WebSocket.OPEN) ws.send(frame, { binary: true });
  }

  dropAll(): void {
    this.refusing = true;
    for (const ws of this.byClient.values()) ws.terminate();
    this.byClient.clear();
  }

  allow(): void {
    this.refusing = false;
  }

  close(): void {
    this.refusing = true;
    for (const ws of this.wss.clients) ws.terminate();
    this.byClient.clear();
    this.wss.close();
  }

  private accept(ws: WebSocket, clientId: string): void {
    this.connections.push({ clientId, seq: this.nextSeq() });
    // Reusing a client id replaces the previous socket, as ComfyUI does.
    this.byClient.get(clientId)?.close();
    this.byClient.set(clientId, ws);
    ws.on('close', () => {
      if (this.byClient.get(clientId) === ws) this.byClient.delete(clientId);
    });
    ws.on('error', () => ws.terminate());
    ws.send(
      JSON.stringify({
        type: 'status',
        data: { status: { exec_info: { queue_remaining: this.queueRemaining() } }, sid: clientId },
      }),
    );
    const node = this.runningNodeOf(clientId);
    // ComfyUI tells a reconnecting owner which node runs, without a prompt_id (protocol section 6).
    if (node) ws.send(JSON.stringify({ type: 'executing', data: { node } }));
  }

  private sendTo(ws: WebSocket | undefined, frame: string): void {
    if (ws?.readyState === WebSocket.OPEN) ws.send(frame);
  }
}
