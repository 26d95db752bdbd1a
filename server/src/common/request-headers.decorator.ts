import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The request's headers, for a pipe to check: Nest's own @Headers() takes no pipes. Use with a
 * ZodValidationPipe over a shared schema, so a bad header is a 400 naming it.
 */
export const RequestHeaders = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Request['headers'] => ctx.switchToHttp().getRequest<Request>().headers,
);
