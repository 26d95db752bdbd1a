import { NativeSelect } from '@chakra-ui/react';
import type { ParamField } from '../utils/parameter-fields';
import { FieldShell } from './field-shell';

type SelectParamField = Extract<ParamField, { kind: 'select' }>;

export function SelectField({
  field,
  value,
  error,
  onChange,
}: {
  field: SelectParamField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const options = field.options.map(String);
  // A value from an old configuration that is no longer offered stays visible (and is reported).
  const unknown = value !== '' && !options.includes(value);
  return (
    <FieldShell field={field} error={error}>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {(value === '' || !field.required) && <option value="">{field.required ? 'Choose…' : 'Not set'}</option>}
          {unknown && <option value={value}>{value}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}
