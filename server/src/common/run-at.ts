/** setTimeout's longest delay (about 24.8 days): a longer one overflows and fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * Runs `action` at the wall-clock time `at` (ms since the epoch), however far off: a wait longer
 * than setTimeout can take is made of several timers. The timers are unref'd (they never keep the
 * process alive); the function answered cancels.
 */
export function runAt(at: number, action: () => void, maxTimerMs = MAX_TIMER_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const wait = Math.max(0, at - Date.now());
    timer = setTimeout(() => (Date.now() >= at ? action() : arm()), Math.min(maxTimerMs, wait));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
