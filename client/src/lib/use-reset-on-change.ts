import { useState } from 'react';

/**
 * Calls `reset` (which sets this component's state) while rendering, as soon as `value` differs
 * from the last render's: React's pattern for state that belongs to a prop, so what belonged to the
 * old value is never painted beside the new one.
 */
export function useResetOnChange<T>(value: T, reset: () => void): void {
  const [seen, setSeen] = useState(value);
  if (Object.is(seen, value)) return;
  setSeen(value);
  reset();
}
