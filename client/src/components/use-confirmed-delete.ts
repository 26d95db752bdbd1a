import { useRef, useState } from 'react';

/**
 * The state of a ConfirmDialog that deletes one thing of a list. The subject stays set while the
 * dialog fades out, so its text never reads empty; after a delete the button that opened the dialog
 * is gone, so the focus goes where `deleted` says instead of to the page's start (read when the
 * dialog closes, after the render that removed the row, hence a ref).
 */
export function useConfirmedDelete<T>() {
  const [subject, setSubject] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const focusAfter = useRef<(() => HTMLElement | null) | null>(null);
  return {
    subject,
    open,
    ask: (thing: T) => {
      focusAfter.current = null;
      setSubject(thing);
      setOpen(true);
    },
    cancel: () => setOpen(false),
    /** The delete is done: close, then focus what `focus` answers. */
    deleted: (focus: () => HTMLElement | null) => {
      focusAfter.current = focus;
      setOpen(false);
    },
    finalFocusEl: () => focusAfter.current?.() ?? null,
  };
}
