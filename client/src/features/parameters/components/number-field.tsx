import { Input, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import type { ParamField } from '../utils/parameter-fields';
import { UNREADABLE_NUMBER } from '../utils/parameter-values';
import { FieldShell } from './field-shell';

type NumberParamField = Extract<ParamField, { kind: 'number' }>;

function rangeText(min: number | undefined, max: number | undefined): string | null {
  if (min !== undefined && max !== undefined) return `${min} – ${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return null;
}

/**
 * The phone keypad the field gets. The numeric and decimal keypads have no minus, so a field that
 * takes a value below 0 gets the full keyboard; numeric where every allowed value is whole (the
 * server counts steps from min, or 0), decimal where a step can land between.
 */
export function numberInputMode(field: Pick<NumberParamField, 'min' | 'step'>): 'numeric' | 'decimal' | 'text' {
  if (field.min === undefined || field.min < 0) return 'text';
  return Number.isInteger(field.min) && Number.isInteger(field.step) ? 'numeric' : 'decimal';
}

/** Kept as typed (no clamping): an out-of-range value is reported beside the field instead. */
export function NumberField({
  field,
  value,
  error,
  onChange,
}: {
  field: NumberParamField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const range = rangeText(field.min, field.max);
  // onInput too: '-' typed into an empty box changes no value, so React sends no change for it
  const read = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    onChange(input.validity.badInput ? UNREADABLE_NUMBER : input.value);
  };
  return (
    <FieldShell
      field={field}
      error={error}
      aside={
        range && (
          <Text textStyle="xs" color="fg.muted">
            {range}
          </Text>
        )
      }
    >
      <Input
        type="number"
        inputMode={numberInputMode(field)}
        min={field.min}
        max={field.max}
        step={field.step}
        // '' leaves the typed text in place: React only writes a number box whose value differs
        value={value === UNREADABLE_NUMBER ? '' : value}
        onChange={read}
        onInput={read}
      />
    </FieldShell>
  );
}
