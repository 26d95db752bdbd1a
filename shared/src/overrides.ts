import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const OVERRIDE_DATA_TYPES = ['string', 'integer', 'float', 'boolean', 'select'] as const;
export const overrideDataTypeSchema = z.enum(OVERRIDE_DATA_TYPES);
export type OverrideDataType = z.infer<typeof overrideDataTypeSchema>;

export const OVERRIDE_KEY_PREFIX = 'override_';
export const OVERRIDE_KEY_PATTERN = /^override_[A-Za-z0-9_]+$/;

const OPTIONS_RULE = 'options must be a list of texts or numbers';
const MAX_LENGTH_RULE = 'max_length must be a whole number greater than 0';

/** A wrong kind of value is refused with what the rule takes, not zod's type names. */
export const validationRulesSchema = z.object(
  {
    min: z.number({ error: 'min must be a number' }).optional(),
    max: z.number({ error: 'max must be a number' }).optional(),
    // the type's message would also answer the checks after it: 'step must be a number' for a step of 0
    step: z.number({ error: 'step must be a number' }).positive({ error: 'step must be greater than 0' }).optional(),
    max_length: z
      .number({ error: 'max_length must be a number' })
      .int({ error: MAX_LENGTH_RULE })
      .positive({ error: MAX_LENGTH_RULE })
      .optional(),
    options: z.array(z.union([z.string(), z.number()], { error: OPTIONS_RULE }), { error: OPTIONS_RULE }).optional(),
  },
  { error: 'Validation rules must be a JSON object such as { "min": 1, "max": 10 }' },
);
export type ValidationRules = z.infer<typeof validationRulesSchema>;

export const overrideDefinitionSchema = z.object({
  id: z.number().int(),
  override_key: z.string(),
  display_name: z.string(),
  description: z.string().nullable(),
  data_type: overrideDataTypeSchema,
  validation_rules: validationRulesSchema,
  category: z.string().nullable(),
  created_at: isoDateSchema,
  /** Beside SPEC's fields: sent back as expected_updated_at, so a change from an older copy is refused. */
  updated_at: isoDateSchema,
});
export type OverrideDefinition = z.infer<typeof overrideDefinitionSchema>;

/** `override_steps` -> `steps` (the default ui_parameter_name). */
export function uiParameterNameFromKey(key: string): string {
  return key.startsWith(OVERRIDE_KEY_PREFIX) ? key.slice(OVERRIDE_KEY_PREFIX.length) : key;
}

/** Where a slug job's parameters hold its seed and the seed's mode (override keys all start with `override_`). */
export const SLUG_SEED_KEY = 'seed';
export const SLUG_SEED_MODE_KEY = 'seed_mode';
/** Parameter names a slug job gives its seed control and the seed's mode: no override may take them. */
export const RESERVED_PARAMETER_NAMES: readonly string[] = [SLUG_SEED_KEY, SLUG_SEED_MODE_KEY];

/** The name a workflow's override gets by default: the key without its prefix, or the whole key where that is reserved. */
export function defaultUiParameterName(key: string): string {
  const name = uiParameterNameFromKey(key);
  return RESERVED_PARAMETER_NAMES.includes(name) ? key : name;
}

/** `override_cfg_scale` -> `Cfg Scale` (prefills a display name from a missing key). */
export function humanizeOverrideKey(key: string): string {
  return uiParameterNameFromKey(key)
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
