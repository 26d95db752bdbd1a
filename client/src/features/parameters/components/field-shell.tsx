import { Field, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { parameterInputId, type ParamField } from '../utils/parameter-fields';

/** Label, help text and the field's message around one control; the control gets the field's id. */
export function FieldShell({
  field,
  error,
  aside,
  children,
}: {
  field: ParamField;
  error?: string;
  /** Shown at the end of the label row: a range, a counter, a mode switch. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root id={parameterInputId(field.name)} invalid={Boolean(error)} required={field.required}>
      <HStack w="full" justify="space-between" align="center" gap={3} flexWrap="wrap">
        <Field.Label>
          {field.label}
          <Field.RequiredIndicator />
        </Field.Label>
        {aside}
      </HStack>
      {children}
      {field.description && <Field.HelperText>{field.description}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
