import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { CLASSIFICATION_TYPES, EOK_PROVIDERS, GENERATION_TYPES, SEED_MODES } from '@atelier/shared';
import type { SlugForm } from '../utils/slug-form';
import { SelectField } from './select-field';

type Change = <K extends keyof SlugForm>(key: K, value: SlugForm[K]) => void;

/** The external generation configuration of a slug workflow (SPEC sections 2 and 9). */
export function SlugEokFields({ form, onChange }: { form: SlugForm; onChange: Change }) {
  const text = (key: 'eok_runtime' | 'eok_bucket_name' | 'download_dir', label: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input bg="bg" value={form[key]} onChange={(e) => onChange(key, e.target.value)} />
    </Field.Root>
  );
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={4}>
      <Field.Root required>
        <Field.Label>
          Workflow slug <Field.RequiredIndicator />
        </Field.Label>
        <Input
          bg="bg"
          fontFamily="mono"
          value={form.workflow_slug}
          onChange={(e) => onChange('workflow_slug', e.target.value)}
        />
        <Field.HelperText>The base workflow file, without .json</Field.HelperText>
      </Field.Root>
      {text('eok_runtime', 'Runtime')}
      <SelectField
        label="Provider"
        value={form.eok_provider}
        options={EOK_PROVIDERS}
        onChange={(v) => onChange('eok_provider', v)}
      />
      <SelectField
        label="Generation type"
        value={form.eok_generation_type}
        options={GENERATION_TYPES}
        onChange={(v) => onChange('eok_generation_type', v)}
      />
      {text('eok_bucket_name', 'Bucket name')}
      <SelectField
        label="Pre-classification type"
        value={form.eok_pre_classification_type}
        options={CLASSIFICATION_TYPES}
        onChange={(v) => onChange('eok_pre_classification_type', v)}
      />
      <SelectField
        label="Post-classification type"
        value={form.eok_post_classification_type}
        options={CLASSIFICATION_TYPES}
        onChange={(v) => onChange('eok_post_classification_type', v)}
      />
      <SelectField
        label="Seed mode"
        value={form.seed_mode}
        options={SEED_MODES}
        onChange={(v) => onChange('seed_mode', v)}
      />
      {text('download_dir', 'Download directory')}
    </SimpleGrid>
  );
}
