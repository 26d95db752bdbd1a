import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { FOLDER_MESSAGES, MESSAGES, USER_MESSAGES, type ErrorResponse } from '@atelier/shared';
import { AppError } from './app-errors.js';
import { isTransactionConflict, missingParent } from './postgres-errors.js';
import { isDependencyUnavailable } from './unavailable-dependency.js';

/** Seconds a client is asked to wait while PostgreSQL or Redis is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

function httpExceptionMessage(exception: HttpException): string {
  const status = exception.getStatus();
  if (status === 404) return MESSAGES.notFound;
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return exception.message;
}

/** What a request that referred to a row deleted meanwhile answers, by the row's table. */
const GONE: Record<string, string> = {
  users: USER_MESSAGES.userNotFound,
  workflows: MESSAGES.workflowNotFound,
  jobs: MESSAGES.jobNotFound,
  folders: FOLDER_MESSAGES.folderNotFound,
};

/** Seconds a request that lost a lock race is asked to wait before trying again. */
export const CONFLICT_RETRY_AFTER_S = 1;

function errorText(exception: unknown): string {
  return exception instanceof Error ? exception.message : String(exception);
}

/** The one place an error becomes a response: `{ error }` with the right status, never a stack. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    let status = 500;
    let body: ErrorResponse = { error: MESSAGES.internalError };
    const gone = missingParent(exception);
    // both 503s: a temporary state the caller may try again after
    const retryLater = (seconds: number) => {
      status = 503;
      body = { error: MESSAGES.serviceUnavailable };
      if (!response.headersSent) response.setHeader('Retry-After', String(seconds));
    };

    if (exception instanceof AppError) {
      status = exception.status;
      body = exception.fields ? { error: exception.message, fields: exception.fields } : { error: exception.message };
      for (const [name, value] of Object.entries(exception.headers ?? {})) response.setHeader(name, value);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      body = { error: httpExceptionMessage(exception) };
    } else if (gone) {
      const caller = host.switchToHttp().getRequest<{ user?: { id?: number } }>().user;
      if (gone.table === 'users' && String(caller?.id) === gone.key) {
        // the caller was deleted during their own request: signed out, as their next request will be
        status = 401;
        body = { error: MESSAGES.unauthorized };
      } else {
        // the same answer as when the row was already gone before the request came
        status = 404;
        body = { error: GONE[gone.table] ?? MESSAGES.notFound };
      }
      this.logger.info({ err: errorText(exception) }, 'a write referred to a row deleted meanwhile');
    } else if (isTransactionConflict(exception)) {
      retryLater(CONFLICT_RETRY_AFTER_S);
      this.logger.warn({ err: errorText(exception) }, 'a transaction lost a lock race; the caller is asked to retry');
    } else if (isDependencyUnavailable(exception)) {
      // the database or Redis is down or restarting: a temporary state, not a fault of this request
      retryLater(UNAVAILABLE_RETRY_AFTER_S);
      this.logger.warn({ err: errorText(exception) }, 'a backing service is unavailable');
    } else {
      this.logger.error({ err: exception }, 'unhandled error');
    }
    if (status >= 500 && exception instanceof AppError === false && exception instanceof HttpException) {
      this.logger.error({ err: exception }, 'server error');
    }
    if (response.headersSent) return;
    response.status(status).json(body);
  }
}
