import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Asset } from '@atelier/shared';
import type { ParamField } from '../utils/parameter-fields';
import type { FormErrors, FormValue, FormValues } from '../utils/parameter-values';
import { AssetField } from './asset-field';
import { BooleanField } from './boolean-field';
import { NumberField } from './number-field';
import { SeedField } from './seed-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';

export interface ParameterFormProps {
  fields: readonly ParamField[];
  values: FormValues;
  errors: FormErrors;
  onChange: (name: string, value: FormValue) => void;
  /** Left out while not read, or when reading them failed (only logged): nothing is said of them then. */
  assets?: readonly Asset[];
  assetsLoading?: boolean;
}

const text = (value: FormValue | undefined): string => (typeof value === 'string' ? value : '');
const isShort = (field: ParamField) => field.kind === 'number' || field.kind === 'select' || field.kind === 'boolean';

/** Runs of short fields (numbers, selects, switches) share a row two by two where there is room. */
function groupFields(fields: readonly ParamField[]): ParamField[][] {
  const groups: ParamField[][] = [];
  for (const field of fields) {
    const last = groups.at(-1);
    if (last && isShort(field) && isShort(last[0]!)) last.push(field);
    else groups.push([field]);
  }
  return groups;
}

/** The one parameter form of the Generate dashboard and both workflow screens. */
export function ParameterForm({ fields, values, errors, onChange, assets, assetsLoading = false }: ParameterFormProps) {
  if (fields.length === 0) {
    return <Text color="fg.muted">This workflow has no adjustable parameters.</Text>;
  }

  const renderField = (field: ParamField) => {
    // own keys only: a parameter named `constructor` has no inherited message
    const error = Object.hasOwn(errors, field.name) ? errors[field.name] : undefined;
    const value = values[field.name];
    const set = (next: FormValue) => onChange(field.name, next);
    switch (field.kind) {
      case 'seed':
        return (
          <SeedField
            key={field.name}
            error={error}
            field={field}
            value={typeof value === 'object' ? value : { mode: field.defaultMode, seed: text(value) }}
            onChange={set}
          />
        );
      case 'number':
        return <NumberField key={field.name} error={error} field={field} value={text(value)} onChange={set} />;
      case 'select':
        return <SelectField key={field.name} error={error} field={field} value={text(value)} onChange={set} />;
      case 'boolean':
        return <BooleanField key={field.name} error={error} field={field} value={value === true} onChange={set} />;
      case 'asset':
        return (
          <AssetField
            key={field.name}
            error={error}
            field={field}
            value={text(value)}
            assets={assets}
            loading={assetsLoading}
            onChange={set}
          />
        );
      case 'text':
        return <TextField key={field.name} error={error} field={field} value={text(value)} onChange={set} />;
    }
  };

  return (
    <Stack gap={5}>
      {groupFields(fields).map((group) =>
        group.length > 1 ? (
          <SimpleGrid key={group[0]!.name} columns={{ base: 1, md: 2 }} columnGap={4} rowGap={5} alignItems="start">
            {group.map(renderField)}
          </SimpleGrid>
        ) : (
          renderField(group[0]!)
        ),
      )}
    </Stack>
  );
}
