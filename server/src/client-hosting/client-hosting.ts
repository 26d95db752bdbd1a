import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';

/** Paths the client never owns: the API and the socket endpoint. */
const SERVER_PATHS = /^\/(api|socket\.io)(\/|$)/;

export function defaultClientDistDir(): string {
  return path.resolve(import.meta.dirname, '../../../client/dist');
}

/**
 * Serves the built client: hashed assets with long caching, and index.html (never cached) for
 * every other GET so client-side routes survive a reload.
 */
export function mountClient(app: Express, distDir: string): boolean {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const client = express.Router();
  client.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  client.use(express.static(distDir, { index: false, maxAge: '1h' }));
  client.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  // API and socket paths never reach the client's files: no look on disk for a file of that name
  app.use((req, res, next) => (SERVER_PATHS.test(req.path) ? next() : client(req, res, next)));
  return true;
}
