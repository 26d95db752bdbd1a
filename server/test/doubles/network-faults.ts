import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Takes every write and never completes one, so not a byte more reaches the peer. (A cork would
 * not do: Node's HTTP server fully uncorks its socket whenever a response ends.)
 */
function silence(socket: Socket): void {
  socket._write = () => undefined;
  socket._writev = () => undefined;
}

/**
 * What a double's host can do to its clients mid-run, below HTTP: vanish (every connection reset,
 * open or new, as when the machine or its process is gone) or freeze (connections stay open and
 * requests arrive, but not one byte comes back, as when it hangs).
 */
export class NetworkFaults {
  private mode: 'up' | 'reset' | 'frozen' = 'up';
  private readonly sockets = new Set<Socket>();

  constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      if (this.mode === 'reset') return void socket.resetAndDestroy();
      if (this.mode === 'frozen') silence(socket);
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  reset(): void {
    this.mode = 'reset';
    for (const socket of this.sockets) socket.resetAndDestroy();
  }

  /** Back on the network: new connections are served again (the ones cut stay cut). */
  restore(): void {
    this.mode = 'up';
  }

  freeze(): void {
    this.mode = 'frozen';
    for (const socket of this.sockets) silence(socket);
  }

  /** Ends every connection, so the server can close even while frozen. */
  destroyAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }
}

/**
 * A 200 whose body is 16 MiB of junk in 64 KiB chunks with no Content-Length: a runaway output, as
 * long as the client reads on. Bounded, so a client without a size limit still gets to its end.
 */
export function streamHugeBody(response: ServerResponse): void {
  const chunk = Buffer.alloc(64 * 1024, 0x2a);
  let left = 256;
  response.writeHead(200, { 'content-type': 'image/png' });
  const more = () => {
    while (left > 0 && !response.destroyed) {
      left -= 1;
      if (!response.write(chunk)) return;
    }
    if (left === 0) response.end();
  };
  response.on('drain', more);
  more();
}
