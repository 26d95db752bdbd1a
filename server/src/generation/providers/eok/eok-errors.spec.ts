import { describe, expect, it } from 'vitest';
import { ProviderError } from '../generation-provider.js';
import {
  EokHttpError,
  EokTransportError,
  REFUSED_KEY_MESSAGE,
  classifyEokError,
  downloadError,
  followError,
  submitError,
  submitMayHaveCreated,
} from './eok-errors.js';

const http = (status: number, text?: string, retryAfterMs?: number) => new EokHttpError(status, text, retryAfterMs);

describe('submitMayHaveCreated', () => {
  it('holds for a 5xx or a lost answer, not for any 4xx', () => {
    expect(submitMayHaveCreated(http(500))).toBe(true);
    expect(submitMayHaveCreated(http(503))).toBe(true);
    expect(submitMayHaveCreated(new EokTransportError('socket hang up'))).toBe(true);
    for (const status of [400, 401, 404, 408, 422, 429]) expect(submitMayHaveCreated(http(status))).toBe(false);
    expect(submitMayHaveCreated(new Error('not ours'))).toBe(false);
  });
});

describe('classifyEokError', () => {
  it('retries 429, 5xx and transport failures, nothing else', () => {
    expect(classifyEokError(http(429, undefined, 2000))).toEqual({ retryable: true, retryAfterMs: 2000 });
    expect(classifyEokError(http(503)).retryable).toBe(true);
    expect(classifyEokError(new EokTransportError('reset')).retryable).toBe(true);
    for (const status of [400, 401, 404, 409, 422]) expect(classifyEokError(http(status)).retryable).toBe(false);
    expect(classifyEokError(new Error('bug')).retryable).toBe(false);
  });
});

describe('submitError', () => {
  it('ends the job on a refused key, an unknown slug and invalid overrides', () => {
    expect(submitError(http(401), 'flux')).toMatchObject({
      message: REFUSED_KEY_MESSAGE,
      scope: 'job',
      retryable: false,
    });
    expect(submitError(http(404, 'nope'), 'flux')).toMatchObject({
      message: 'Unknown workflow slug on the external generation server: flux',
      scope: 'job',
    });
    expect(submitError(http(422, 'override_steps too high'), 'flux')).toMatchObject({
      message: 'override_steps too high',
      scope: 'job',
    });
  });

  it('keeps transient failures per item and retryable, with the Retry-After for the pipeline', () => {
    const busy = submitError(http(429, undefined, 30_000), 'flux');
    expect(busy).toBeInstanceOf(ProviderError);
    expect(busy).toMatchObject({ scope: 'item', retryable: true, retryAfterMs: 30_000 });
    expect(submitError(new EokTransportError('ECONNREFUSED'), 'flux')).toMatchObject({
      scope: 'item',
      retryable: true,
    });
  });

  it('passes errors that are not the server answering unchanged', () => {
    const abort = new DOMException('aborted', 'AbortError');
    expect(submitError(abort, 'flux')).toBe(abort);
  });
});

describe('followError and downloadError', () => {
  it('treat a lost generation and a failed download as worth another try of the item', () => {
    expect(followError(http(404), 'gen_1')).toMatchObject({ scope: 'item', retryable: true });
    expect(followError(http(401), 'gen_1')).toMatchObject({ scope: 'job', retryable: false });
    expect(downloadError(http(403), 'gen_1', 0)).toMatchObject({ scope: 'item', retryable: true });
  });
});
