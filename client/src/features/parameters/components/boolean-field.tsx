import { Checkbox, Stack, Text } from '@chakra-ui/react';
import type { ParamField } from '../utils/parameter-fields';

type BooleanParamField = Extract<ParamField, { kind: 'boolean' }>;

export function BooleanField({
  field,
  value,
  onChange,
}: {
  field: BooleanParamField;
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <Stack gap={1}>
      <Checkbox.Root checked={value} onCheckedChange={(details) => onChange(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{field.label}</Checkbox.Label>
      </Checkbox.Root>
      {field.description && (
        <Text textStyle="xs" color="fg.muted">
          {field.description}
        </Text>
      )}
    </Stack>
  );
}
