import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BARE_HTTP_MARKER } from './processes.js';

/**
 * The floor under the gallery figures: node:http with no framework, no token, no database and no
 * serialising, in a process of its own like the API, answering each path with bytes the API
 * answered before. What it costs is what HTTP and the client's JSON.parse cost on this machine.
 */
function main(): void {
  const file = process.env.BARE_HTTP_BODIES;
  if (!file) throw new Error('BARE_HTTP_BODIES names no file');
  const bodies = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const buffers = new Map(Object.entries(bodies).map(([path, body]) => [path, Buffer.from(body)]));
  const server = http.createServer((req, res) => {
    const body = buffers.get(req.url ?? '');
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${BARE_HTTP_MARKER} ${(server.address() as AddressInfo).port}\n`);
  });
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

main();
