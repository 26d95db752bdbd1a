import { useEffect, useRef } from 'react';
import { isTextField } from '../../../lib/text-field';

/**
 * Calls `onKey` with a printable key typed while focus is outside any input (SPEC section 2, Generate
 * dashboard). The key is taken over, so it is not typed a second time wherever focus moves.
 * Space is left alone: on a button it presses the button, and no search starts with a blank.
 */
export function usePrintableKeyOpener(onKey: (key: string) => void): void {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length !== 1 || event.key === ' ' || isTextField(event.target)) return;
      event.preventDefault();
      latest.current(event.key);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
