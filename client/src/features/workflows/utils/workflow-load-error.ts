import { MESSAGES } from '@atelier/shared';
import { errorText, isNotFound } from '../../../lib/api-error';

/**
 * SPEC section 8: the server's error text when it sent one; else 'Workflow not found' for a missing
 * (or malformed, `null`) id and 'Failed to load workflow' for anything else.
 */
export function workflowLoadErrorText(error: unknown): string {
  if (error === null) return MESSAGES.workflowNotFound;
  return errorText(error, isNotFound(error) ? MESSAGES.workflowNotFound : MESSAGES.loadWorkflowFailed);
}
