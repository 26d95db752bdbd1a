import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAt } from './run-at.js';

const DAY_MS = 24 * 3600 * 1000;

describe('runAt', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the action at a time further off than one setTimeout can wait, not before', () => {
    const action = vi.fn();
    runAt(Date.now() + 30 * DAY_MS, action);
    vi.advanceTimersByTime(25 * DAY_MS);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * DAY_MS - 1);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * DAY_MS);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('runs a time already past on the next turn, not during the call', () => {
    const action = vi.fn();
    runAt(Date.now() - 1000, action);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('never runs a cancelled action, cancelled before or after a re-armed timer', () => {
    const early = vi.fn();
    const late = vi.fn();
    runAt(Date.now() + 40 * DAY_MS, early)();
    const cancelLate = runAt(Date.now() + 40 * DAY_MS, late);
    vi.advanceTimersByTime(30 * DAY_MS);
    cancelLate();
    vi.advanceTimersByTime(30 * DAY_MS);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
