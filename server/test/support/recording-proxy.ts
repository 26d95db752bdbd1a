import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { Duplex } from 'node:stream';

export interface ProxiedRequest {
  method: string;
  path: string;
}

export interface RecordingProxy {
  url: string;
  /** Sends the requests that come from now on to `target` (a fresh double). */
  retarget(target: string): void;
  /** Every request that went through, WebSocket upgrades included, in order. */
  readonly requests: ProxiedRequest[];
  count(method: string, path: string): number;
  close(): Promise<void>;
}

/**
 * A transparent loopback proxy in front of a test double (HTTP and WebSocket upgrades) that records
 * every request, for doubles that keep no log of the calls a test needs to count; retargeted, it
 * lets one long-lived client (a worker process) talk to a fresh double per test.
 */
export async function startRecordingProxy(target?: string): Promise<RecordingProxy> {
  let upstream = target ? new URL(target) : undefined;
  const requests: ProxiedRequest[] = [];
  const tunnels = new Set<Duplex>();
  const record = (req: IncomingMessage) =>
    requests.push({ method: req.method ?? '', path: new URL(req.url ?? '/', 'http://proxy').pathname });

  const server = http.createServer((req, res) => {
    record(req);
    if (!upstream) return void res.writeHead(503).end('no target yet');
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });

  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    record(req);
    if (!upstream) return void client.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
    const remote = net.connect(Number(upstream.port), upstream.hostname, () => {
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      remote.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length) remote.write(head);
      client.pipe(remote).pipe(client);
    });
    for (const end of [client, remote]) {
      tunnels.add(end);
      end.on('error', () => undefined);
      end.on('close', () => {
        tunnels.delete(end);
        client.destroy();
        remote.destroy();
      });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    retarget: (next) => {
      upstream = new URL(next);
    },
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    close: async () => {
      for (const tunnel of tunnels) tunnel.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
