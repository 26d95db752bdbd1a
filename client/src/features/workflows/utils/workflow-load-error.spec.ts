import { MESSAGES } from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { workflowLoadErrorText } from './workflow-load-error';

describe('workflowLoadErrorText', () => {
  it("shows the server's own text when it sent one", () => {
    expect(workflowLoadErrorText(new ApiError(503, 'Service temporarily unavailable'))).toBe(
      'Service temporarily unavailable',
    );
  });

  it('falls back to not found for a 404 or a malformed id, and to the load failure otherwise', () => {
    expect(workflowLoadErrorText(new ApiError(404, null))).toBe(MESSAGES.workflowNotFound);
    expect(workflowLoadErrorText(null)).toBe(MESSAGES.workflowNotFound);
    expect(workflowLoadErrorText(new ApiError(500, null))).toBe(MESSAGES.loadWorkflowFailed);
    expect(workflowLoadErrorText(new TypeError('Failed to fetch'))).toBe(MESSAGES.loadWorkflowFailed);
  });
});
