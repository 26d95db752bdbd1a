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
  app.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  const files = express.static(distDir, { index: false, maxAge: '1h' });
  // an API call must not cost a look on disk for a file of that name first
  app.use((req, res, next) => (SERVER_PATHS.test(req.path) ? next() : files(req, res, next)));
  app.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || SERVER_PATHS.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
  return true;
}
