import { Field, Input } from '@chakra-ui/react';
import { useState } from 'react';

/** A year typed digit by digit passes through 0002, 0020 and 0202: those are not what is meant yet. */
const FIRST_MEANT_YEAR = 1000;

function isMeant(day: string): boolean {
  return day === '' || Number(day.slice(0, 4)) >= FIRST_MEANT_YEAR;
}

/**
 * A gallery date, held here while it is typed: the field's value is set back from the address only
 * when the address changes, because setting it while a year is typed restarts Chromium's year
 * segment and loses the digits after the first. A year under 1000 is applied when the field is left.
 */
export function DateFilterInput({
  label,
  value,
  min,
  max,
  onCommit,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onCommit: (day: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // the address changed (a quick range, Clear Filters, the back button): show what applies now
  if (value !== applied) {
    setApplied(value);
    setDraft(value);
  }
  return (
    <Field.Root>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <Input
        type="date"
        size="sm"
        value={draft}
        min={min}
        max={max}
        onChange={(e) => {
          setDraft(e.target.value);
          if (isMeant(e.target.value)) onCommit(e.target.value);
        }}
        onBlur={() => draft !== value && onCommit(draft)}
      />
    </Field.Root>
  );
}
