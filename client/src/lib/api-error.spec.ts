import { describe, expect, it } from 'vitest';
import { ApiError, errorText, fieldErrors, isUnauthorized } from './api-error';

describe('errorText', () => {
  it("prefers the server's own text", () => {
    expect(errorText(new ApiError(401, 'Invalid credentials'), 'fallback')).toBe('Invalid credentials');
  });

  it('falls back when the answer had no error field or the call never got an answer', () => {
    expect(errorText(new ApiError(502, null), 'Invalid credentials')).toBe('Invalid credentials');
    expect(errorText(new TypeError('Failed to fetch'), 'Invalid credentials')).toBe('Invalid credentials');
  });

  it('recognises a 401', () => {
    expect(isUnauthorized(new ApiError(401, null))).toBe(true);
    expect(isUnauthorized(new ApiError(403, null))).toBe(false);
  });

  it("keeps the server's per-field messages of a 400, and has none for other failures", () => {
    const answer = new ApiError(400, 'Steps must be at most 50', { steps: 'Steps must be at most 50' });
    expect(fieldErrors(answer)).toEqual({ steps: 'Steps must be at most 50' });
    expect(fieldErrors(new ApiError(500, 'Internal error'))).toEqual({});
    expect(fieldErrors(new TypeError('Failed to fetch'))).toEqual({});
  });
});
