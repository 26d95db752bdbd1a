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
 * A day outside min/max (the other end of the range) is typed freely, as min and max do not stop
 * typing, but not applied: the server refuses a range that ends before it starts. It says so under
 * the field, and the field goes back to the day that applies when it is left.
 */
export function DateFilterInput({
  label,
  value,
  min,
  max,
  outOfRange,
  onCommit,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  /** What is said under the field while it holds a day outside min/max. */
  outOfRange: string;
  onCommit: (day: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [applied, setApplied] = useState(value);
  // the address changed (a quick range, Clear Filters, the back button): show what applies now
  if (value !== applied) {
    setApplied(value);
    setDraft(value);
  }
  const outside = (day: string) => day !== '' && ((!!min && day < min) || (!!max && day > max));
  const invalid = isMeant(draft) && outside(draft);
  return (
    <Field.Root invalid={invalid}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <Input
        type="date"
        size="sm"
        value={draft}
        min={min}
        max={max}
        onChange={(e) => {
          setDraft(e.target.value);
          if (isMeant(e.target.value) && !outside(e.target.value)) onCommit(e.target.value);
        }}
        onBlur={() => {
          if (draft === value) return;
          if (outside(draft)) setDraft(value);
          else onCommit(draft);
        }}
      />
      {invalid && <Field.ErrorText>{outOfRange}</Field.ErrorText>}
    </Field.Root>
  );
}
