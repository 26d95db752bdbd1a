import { Field, Input } from '@chakra-ui/react';
import { BATCH_SIZE_MAX, BATCH_SIZE_MIN, clampBatchSize } from '@atelier/shared';
import { formatCount } from '../../../lib/format';

/** The text in the box as a batch size: clamped to 1..999999, blank or not a number reads as 1. */
export function batchSizeFromInput(text: string): number {
  return clampBatchSize(text.trim() === '' ? Number.NaN : Number(text));
}

/** Free typing, clamped to the allowed range as soon as the box is left (SPEC section 5). */
export function BatchSizeInput({
  id,
  value,
  error,
  onChange,
}: {
  id?: string;
  value: string;
  /** What the server said of the size sent (the box itself never holds one out of range). */
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root id={id} invalid={Boolean(error)}>
      <Field.Label>Batch size</Field.Label>
      <Input
        type="number"
        inputMode="numeric"
        min={BATCH_SIZE_MIN}
        max={BATCH_SIZE_MAX}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => onChange(String(batchSizeFromInput(value)))}
      />
      <Field.HelperText>
        {BATCH_SIZE_MIN} – {formatCount(BATCH_SIZE_MAX)} images
      </Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
