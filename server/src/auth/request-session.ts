import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { UnauthorizedError } from '../common/app-errors.js';
import type { SessionSubject } from './token.js';

/** Kept beside the request rather than on it: nothing that serialises the request can leak it. */
const subjects = new WeakMap<object, SessionSubject>();

export function rememberSession(request: object, subject: SessionSubject): void {
  subjects.set(request, subject);
}

/**
 * The session the request's bearer token names, as SessionValidator accepted it: for what is
 * handed out under a session and must end with it.
 */
export const CurrentSession = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionSubject => {
  const subject = subjects.get(ctx.switchToHttp().getRequest<object>());
  if (!subject) throw new UnauthorizedError();
  return subject;
});
