import { Field, NativeSelect } from '@chakra-ui/react';

/** A filter by one of a few names, or by none ('All'); a name in the address but not listed is kept. */
export function NameFilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
}) {
  const listed = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <Field.Root minW={0}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{allLabel}</option>
          {listed.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
