import { liveSocketHeadersSchema } from '@atelier/shared';
import { RequestHeaders } from '../common/request-headers.decorator.js';
import { ZodValidationPipe } from '../common/zod-validation.pipe.js';

const pipe = new ZodValidationPipe(liveSocketHeadersSchema);

/**
 * The caller's `X-Socket-Id` headers (LiveSocketHeaders): the tab that makes a change names its live
 * connection, so the change's `gallery:changed` is not pushed back to it.
 */
export const LiveOrigin = (): ParameterDecorator => RequestHeaders(pipe);
