import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { BareAnswer } from './gallery-latency.js';
import { BARE_HTTP_MARKER } from './processes.js';

/**
 * The floor under the gallery figures: node:http with no framework, no token and no serialising,
 * in a process of its own like the API, answering each path with bytes the API answered before.
 * A path with SQL steps first runs them with pg (each step's statements at once, the steps one
 * after another), as the API runs its session read and then its query: what it costs is what HTTP,
 * those round trips to PostgreSQL and the client's JSON.parse cost on this machine, and nothing else.
 */
function main(): void {
  const file = process.env.BARE_HTTP_BODIES;
  if (!file) throw new Error('BARE_HTTP_BODIES names no file');
  const answers = JSON.parse(readFileSync(file, 'utf8')) as Record<string, BareAnswer>;
  const bodies = new Map(Object.entries(answers).map(([path, a]) => [path, { ...a, bytes: Buffer.from(a.body) }]));
  const databaseUrl = process.env.BARE_HTTP_DATABASE_URL;
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 4 }) : null;
  const server = http.createServer((req, res) => {
    const answer = bodies.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    const send = () =>
      res
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.bytes.length })
        .end(answer.bytes);
    if (!answer.steps.length) {
      send();
      return;
    }
    if (!pool) throw new Error('SQL steps without BARE_HTTP_DATABASE_URL');
    void (async () => {
      for (const step of answer.steps) await Promise.all(step.map((q) => pool.query(q.sql, q.params)));
    })().then(send, (error: Error) => res.writeHead(500).end(error.message));
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`${BARE_HTTP_MARKER} ${(server.address() as AddressInfo).port}\n`);
  });
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

main();
