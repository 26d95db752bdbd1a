import { Text, Textarea } from '@chakra-ui/react';
import type { ParamField } from '../utils/parameter-fields';
import { FieldShell } from './field-shell';

type TextParamField = Extract<ParamField, { kind: 'text' }>;

/** Not capped by the browser: a too-long text (pasted, or from a configuration) is reported instead. */
export function TextField({
  field,
  value,
  error,
  onChange,
}: {
  field: TextParamField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const counter = field.maxLength !== undefined && (
    <Text textStyle="xs" color={value.length > field.maxLength ? 'fg.error' : 'fg.muted'}>
      {value.length}/{field.maxLength}
    </Text>
  );
  return (
    <FieldShell field={field} error={error} aside={counter}>
      <Textarea rows={2} autoresize maxH="12rem" value={value} onChange={(event) => onChange(event.target.value)} />
    </FieldShell>
  );
}
