import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';

const TIMINGS = Symbol('server-timing');

interface Timings {
  started: number;
  parts: Array<{ name: string; ms: number }>;
}

type Timed = ServerResponse & { [TIMINGS]?: Timings };

/** Two decimals: the bench reads these, and its cases differ by tenths of a millisecond. */
function metric(name: string, ms: number): string {
  return `${name};dur=${ms.toFixed(2)}`;
}

/**
 * Adds a named duration to the answer's Server-Timing header. A response the middleware did not
 * see (a socket handshake, a test app without it) is left alone.
 */
export function recordTiming(res: ServerResponse, name: string, ms: number): void {
  (res as Timed)[TIMINGS]?.parts.push({ name, ms });
}

/**
 * Server-Timing on every answer: `app` is the time from the request reaching the API's first
 * middleware to its headers going out, and parts recorded on the way (`auth`, by the guard) come
 * before it. Browser dev tools show it beside the network time, and the bench reads it to tell
 * time spent in the API from time spent on the wire. Set when the headers go out, since that is
 * when `app` ends; written on the response object so streamed files carry it too.
 */
export function serverTiming(): RequestHandler {
  return (_req, res, next) => {
    const timings: Timings = { started: performance.now(), parts: [] };
    (res as Timed)[TIMINGS] = timings;
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent) {
        const parts = timings.parts.map((p) => metric(p.name, p.ms));
        parts.push(metric('app', performance.now() - timings.started));
        this.setHeader('Server-Timing', parts.join(', '));
      }
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}
