import { z } from 'zod';
import { expectedUpdatedAtSchema, withoutInvisibleFillers } from './common.js';
import { MESSAGES } from './messages.js';
import { OVERRIDE_DATA_TYPES, OVERRIDE_KEY_PATTERN, validationRulesSchema } from './overrides.js';

export const overrideDefinitionInputSchema = z
  .object({
    override_key: z
      .string({ error: 'Override key is required' })
      .trim()
      .min(1, { error: 'Override key is required' })
      .max(100, { error: 'Override key must be at most 100 characters' })
      .regex(OVERRIDE_KEY_PATTERN, {
        error: 'Override key must look like override_<name> (letters, digits, underscores)',
      }),
    display_name: z
      .string({ error: 'Display name is required' })
      // the label of the field on every Generate form: a zero-width space alone would pass as one
      .overwrite(withoutInvisibleFillers)
      .trim()
      .min(1, { error: 'Display name is required' })
      .max(200, { error: 'Display name must be at most 200 characters' }),
    description: z
      .string({ error: 'Description must be text' })
      .max(2000, { error: 'Description must be at most 2000 characters' })
      .nullish()
      .transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
    data_type: z
      .enum(OVERRIDE_DATA_TYPES, { error: 'Data type must be string, integer, float, boolean or select' })
      .default('string'),
    validation_rules: validationRulesSchema.nullish().transform((v) => v ?? {}),
    category: z
      .string({ error: 'Category must be text' })
      .overwrite(withoutInvisibleFillers)
      .max(100, { error: 'Category must be at most 100 characters' })
      .nullish()
      .transform((v) => (v == null || v.trim() === '' ? null : v.trim())),
    /** On a change: the definition's updated_at as the admin's table showed it. */
    expected_updated_at: expectedUpdatedAtSchema,
  })
  .superRefine((def, ctx) => {
    const rules = def.validation_rules;
    const problem = (message: string) => ctx.addIssue({ code: 'custom', path: ['validation_rules'], message });
    if (rules.min !== undefined && rules.max !== undefined && rules.min > rules.max)
      problem('min must not be greater than max');
    if (rules.options !== undefined && def.data_type !== 'select') problem('options are only for the select data type');
    if (def.data_type === 'select' && (!rules.options || rules.options.length === 0))
      problem('A select override needs options');
    // a job's value is matched to an option by its text: 1 and "1" could not be told apart
    const optionTexts = (rules.options ?? []).map((option) => String(option).trim());
    if (optionTexts.some((text) => text === '')) problem('An option must not be blank');
    if (new Set(optionTexts).size !== optionTexts.length) problem('Each option must be listed once');
    if (rules.max_length !== undefined && def.data_type !== 'string')
      problem('max_length is only for the string data type');
    const numeric = def.data_type === 'integer' || def.data_type === 'float';
    if (!numeric && (rules.min !== undefined || rules.max !== undefined || rules.step !== undefined)) {
      problem('min, max and step are only for the integer and float data types');
    }
    if (
      def.data_type === 'integer' &&
      [rules.min, rules.max, rules.step].some((v) => v !== undefined && !Number.isInteger(v))
    ) {
      problem('An integer override has whole-number min, max and step');
    }
  });
export type OverrideDefinitionInput = z.input<typeof overrideDefinitionInputSchema>;

export const deleteConfirmationSchema = z.object({
  confirmPassword: z.string({ error: MESSAGES.enterDeletePassword }).min(1, { error: MESSAGES.enterDeletePassword }),
});

export const missingKeysResponseSchema = z.object({
  missing_keys_by_workflow: z.record(z.string(), z.array(z.string())),
});
