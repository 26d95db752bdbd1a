import type { UserEvent } from '@testing-library/user-event';
import { expect, vi, type MockInstance } from 'vitest';

/**
 * `button` is busy on the one request it sent: it keeps the focus (not disabled, which would drop
 * it to the page, but aria-disabled and aria-busy), and Enter or Space again sends nothing more.
 * jsdom leaves the focus on a disabled button, so "not disabled" stands here for the focus kept.
 */
export async function expectBusyKeepingFocus(
  button: HTMLElement,
  user: UserEvent,
  fetchSpy: MockInstance<typeof fetch>,
): Promise<void> {
  // busy, one way or the other: the request has gone
  await vi.waitFor(() => expect(button.matches('[disabled], [aria-busy="true"]')).toBe(true));
  expect(button).toHaveFocus();
  expect(button).not.toBeDisabled();
  expect(button).toHaveAttribute('aria-disabled', 'true');
  expect(button).toHaveAttribute('aria-busy', 'true');
  await user.keyboard('{Enter}');
  await user.keyboard(' ');
  expect(fetchSpy).toHaveBeenCalledTimes(1);
}
