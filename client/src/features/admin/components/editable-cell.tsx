import { Input, NativeSelect, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

let pointerHeld = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerHeld = true), true);
  document.addEventListener('pointerup', () => (pointerHeld = false), true);
  document.addEventListener('pointercancel', () => (pointerHeld = false), true);
}

/** Runs `then` now, or once a held button is released and the click it makes has been handled. */
function afterPointerRelease(then: () => void): void {
  if (!pointerHeld) return then();
  const done = () => {
    document.removeEventListener('pointerup', done, true);
    document.removeEventListener('pointercancel', done, true);
    setTimeout(then, 0);
  };
  document.addEventListener('pointerup', done, true);
  document.addEventListener('pointercancel', done, true);
}

type Editor = { kind: 'text' } | { kind: 'multiline' } | { kind: 'select'; options: readonly string[] };

/**
 * A table cell edited in place: a click opens the editor; Enter saves (a multi-line cell saves when
 * it loses focus, Enter adds a line there), Escape puts the old value back.
 */
export function EditableCell({
  label,
  value,
  editor = { kind: 'text' },
  disabled,
  mono,
  onCommit,
}: {
  label: string;
  value: string;
  editor?: Editor;
  disabled: boolean;
  mono?: boolean;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  // Enter and Escape close the editor from the keyboard: the focus goes back to the cell, not to
  // the page's start (a blur or a click has put it elsewhere already)
  const cellButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (draft !== null || !refocus.current) return;
    refocus.current = false;
    cellButton.current?.focus();
  }, [draft]);

  const commit = () => {
    if (draft === null) return;
    refocus.current = true;
    setDraft(null);
    if (draft !== value) onCommit(draft);
  };
  // Leaving by a click saves at once, but the editor stays until the button is released: it is
  // taller than the cell it leaves, and the row shrinking under the pointer would lose the click
  // (Save of a new row, say) that took the focus away.
  const commitOnBlur = () => {
    if (draft === null) return;
    if (draft !== value) onCommit(draft);
    afterPointerRelease(() => setDraft(null));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      refocus.current = true;
      setDraft(null);
    } else if (event.key === 'Enter' && editor.kind !== 'multiline') {
      event.preventDefault();
      commit();
    }
  };

  if (draft !== null) {
    const common = {
      'aria-label': label,
      autoFocus: true,
      onKeyDown,
      onBlur: commitOnBlur,
      size: 'xs' as const,
      bg: 'bg',
    };
    if (editor.kind === 'select')
      return (
        <NativeSelect.Root size="xs">
          <NativeSelect.Field {...common} value={draft} onChange={(e) => setDraft(e.target.value)}>
            {editor.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
      );
    if (editor.kind === 'multiline')
      return <Textarea {...common} autoresize minW="12rem" value={draft} onChange={(e) => setDraft(e.target.value)} />;
    return (
      <Input
        {...common}
        minW="8rem"
        fontFamily={mono ? 'mono' : undefined}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
    );
  }

  return (
    <chakra.button
      ref={cellButton}
      type="button"
      // the name carries the text it shows (WCAG 2.5.3), after what the cell is
      aria-label={`${label}: ${value || '—'}`}
      // aria-disabled, not disabled, while a save runs: a disabled button cannot take the focus back
      aria-disabled={disabled || undefined}
      onClick={() => !disabled && setDraft(value)}
      textAlign="start"
      w="full"
      minH={6}
      px={1}
      rounded="l1"
      fontFamily={mono ? 'mono' : undefined}
      cursor={disabled ? 'not-allowed' : 'text'}
      _hover={disabled ? undefined : { bg: 'bg.muted' }}
      whiteSpace="pre-wrap"
      overflowWrap="break-word"
      color={value ? undefined : 'fg.muted'}
    >
      {value || '—'}
    </chakra.button>
  );
}
