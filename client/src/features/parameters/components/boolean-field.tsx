import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { parameterInputId, type ParamField } from '../utils/parameter-fields';

type BooleanParamField = Extract<ParamField, { kind: 'boolean' }>;

export function BooleanField({
  field,
  value,
  error,
  onChange,
}: {
  field: BooleanParamField;
  value: boolean;
  /** Only the server finds a checkbox wrong (its rules changed since the page loaded). */
  error?: string;
  onChange: (value: boolean) => void;
}) {
  return (
    <Stack gap={1}>
      <Checkbox.Root
        ids={{ hiddenInput: parameterInputId(field.name) }}
        invalid={Boolean(error)}
        checked={value}
        onCheckedChange={(details) => onChange(details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{field.label}</Checkbox.Label>
      </Checkbox.Root>
      {field.description && (
        <Text textStyle="xs" color="fg.muted">
          {field.description}
        </Text>
      )}
      {error && (
        <Text textStyle="xs" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
