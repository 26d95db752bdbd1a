import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { BadRequestError } from './app-errors.js';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  /** The raw text, on a parse failure. */
  body?: string;
}

/** The JSON parser is strict: a body that parses alone (`null`, `"x"`, `1`) is JSON, but no object. */
function isBareJsonValue(text: string | undefined): boolean {
  if (text === undefined) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** `2 MB`, `512 KB` or `1500 bytes`: the limit as an admin would write it. */
export function describeByteSize(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes % mb === 0) return `${bytes / mb} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/**
 * Express parses bodies before Nest routes, so its errors never reach Nest's filters:
 * this handler gives them the same `{ error }` shape.
 */
function bodyErrorHandler(maxBytes: number): ErrorRequestHandler {
  return (err: BodyParserError, _req, res, next) => {
    if (res.headersSent) return next(err);
    if (err.type === 'entity.parse.failed') {
      const message = isBareJsonValue(err.body)
        ? 'Request body must be a JSON object'
        : 'Request body is not valid JSON';
      res.status(400).json({ error: new BadRequestError(message).message });
    } else if (err.type === 'entity.too.large') {
      res.status(413).json({ error: `Request body is larger than ${describeByteSize(maxBytes)}` });
    } else if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
      res.status(err.status).json({ error: err.message });
    } else {
      next(err);
    }
  };
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

/**
 * A body the API would not read (text/plain, a form) is refused as such: left unparsed it would
 * answer as if the fields sent were missing ('Folder name is required' for a name that was sent).
 * Requests without a body (an archive, a cancel) need no type; only the API is held to it.
 */
const requireJsonBody: RequestHandler = (req, res, next) => {
  if (!req.path.startsWith('/api/')) return next();
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  const type = req.headers['content-type'] ?? '';
  if (!hasBody || JSON_TYPE.test(type) || MULTIPART_TYPE.test(type)) return next();
  res.status(415).json({ error: 'Content-Type must be application/json' });
};

/**
 * JSON bodies up to `maxBytes`, counted after a gzip or deflate body is inflated, so a small
 * compressed body cannot unpack into a large one. Uploads are multipart and have their own limit.
 */
export function installBodyParsing(app: Express, maxBytes: number): void {
  app.use(requireJsonBody);
  // the types requireJsonBody lets through: application/json and its +json kinds (merge-patch, problem)
  app.use(express.json({ limit: maxBytes, type: (req) => JSON_TYPE.test(req.headers['content-type'] ?? '') }));
  app.use(bodyErrorHandler(maxBytes));
}
