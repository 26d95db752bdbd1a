import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import type { Level, Logger } from 'pino';

/** A request id a caller may hand us: short, and nothing that could break a log line or a header. */
const CALLER_REQUEST_ID = /^[\w-]{1,64}$/;
const UNLOGGED_PATHS = new Set(['/api/health']);
const SIGNATURE = /([?&]sig=)[^&]*/g;

/** A media URL's signature opens its whole job folder for a day: whoever reads the logs must not get it. */
function withoutSignature(url: string): string {
  return url.replace(SIGNATURE, '$1[redacted]');
}

function levelOf(statusCode: number, finished: boolean): Level {
  if (statusCode >= 500) return 'error';
  return statusCode >= 400 || !finished ? 'warn' : 'info';
}

/**
 * One structured line per request, with a request id (kept from X-Request-Id when sent), written
 * when the answer is done or the caller went away. Our own rather than pino-http: that builds a
 * child logger and its serializers for every request whether or not the line is written, a cost
 * every API call paid at the default level.
 */
export function requestLogger(logger: Logger): RequestHandler {
  const http = logger.child({ component: 'http' });
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && CALLER_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    if (UNLOGGED_PATHS.has(req.url)) return next();
    const started = performance.now();
    const { method } = req;
    const url = withoutSignature(req.url);
    res.once('close', () => {
      const finished = res.writableFinished;
      const level = levelOf(res.statusCode, finished);
      if (!http.isLevelEnabled(level)) return;
      http[level](
        {
          req: { id, method, url },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        finished ? 'request completed' : 'request aborted',
      );
    });
    next();
  };
}
