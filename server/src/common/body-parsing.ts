import express, { type ErrorRequestHandler, type Express } from 'express';
import { BadRequestError } from './app-errors.js';

export const JSON_BODY_LIMIT = '2mb';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/**
 * Express parses bodies before Nest routes, so its errors never reach Nest's filters:
 * this handler gives them the same `{ error }` shape.
 */
const bodyErrorHandler: ErrorRequestHandler = (err: BodyParserError, _req, res, next) => {
  if (res.headersSent) return next(err);
  if (err.type === 'entity.parse.failed') {
    res.status(400).json({ error: new BadRequestError('Request body is not valid JSON').message });
  } else if (err.type === 'entity.too.large') {
    res.status(413).json({ error: `Request body is larger than ${JSON_BODY_LIMIT}` });
  } else if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    res.status(err.status).json({ error: err.message });
  } else {
    next(err);
  }
};

export function installBodyParsing(app: Express): void {
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(bodyErrorHandler);
}
