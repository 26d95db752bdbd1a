import { useEffect, useRef } from 'react';
import { isTextField } from '../../../lib/text-field';

/** What opens over the page and has its own keys: while one is up, the page behind takes none. */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [aria-modal="true"]';

/** Ark keeps a closed dialog or menu mounted, marked closed or hidden: only the others count. */
function isOpen(overlay: Element): boolean {
  return overlay.getAttribute('data-state') !== 'closed' && overlay.closest('[hidden]') === null;
}

function insideOrUnderOverlay(target: EventTarget | null): boolean {
  if (target instanceof Element && target.closest(OVERLAY)) return true;
  return [...document.querySelectorAll(OVERLAY)].some(isOpen);
}

/**
 * Calls `onKey` with a printable key typed while focus is outside any input (SPEC section 2, Generate
 * dashboard). The key is taken over, so it is not typed a second time wherever focus moves.
 * Space is left alone: on a button it presses the button, and no search starts with a blank.
 * A key typed in a dialog, menu or list box, or while one is open, is that one's, not the page's.
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
      if (insideOrUnderOverlay(event.target)) return;
      event.preventDefault();
      latest.current(event.key);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
