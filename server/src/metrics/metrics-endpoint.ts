import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Registry } from 'prom-client';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus text format, for a scraper holding METRICS_TOKEN as a bearer token.
 * Without a configured token the endpoint does not exist (404), so nothing is exposed by default.
 */
export function metricsEndpoint(registry: Registry, token: string | undefined): RequestHandler {
  return (req: Request, res: Response) => {
    if (!token) {
      res.status(404).json({ error: 'Not found' });
      return;
    }
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) {
      res.status(401).setHeader('WWW-Authenticate', 'Bearer').json({ error: 'A valid metrics token is required' });
      return;
    }
    registry.metrics().then(
      (text) => res.type(registry.contentType).send(text),
      (err: unknown) =>
        res.status(503).json({ error: `Metrics are unavailable: ${err instanceof Error ? err.message : String(err)}` }),
    );
  };
}
