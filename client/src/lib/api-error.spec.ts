import { describe, expect, it } from 'vitest';
import { ApiError, errorText, isUnauthorized } from './api-error';

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
});
