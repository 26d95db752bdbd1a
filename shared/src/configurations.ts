import { z } from 'zod';
import { idFromDigits, idSchema, isoDateSchema, withoutInvisibleFillers } from './common.js';
import { MESSAGES } from './messages.js';

export const configurationSchema = z.object({
  id: z.number().int(),
  workflow_id: z.number().int(),
  config_name: z.string(),
  parameter_values: z.record(z.string(), z.unknown()),
  created_at: isoDateSchema,
});
export type Configuration = z.infer<typeof configurationSchema>;

export const CONFIG_NAME_MAX = 100;
/** Saved parameter values as JSON text; a workflow's parameters fit in a fraction of this. */
export const PARAMETER_VALUES_MAX_CHARS = 64 * 1024;

export const CONFIGURATION_MESSAGES = {
  configurationNotFound: 'Configuration not found',
  nameTooLong: `Configuration name must be at most ${CONFIG_NAME_MAX} characters`,
  valuesNotObject: 'Parameter values must be an object',
  valuesTooLarge: `Parameter values must be at most ${PARAMETER_VALUES_MAX_CHARS / 1024} KB`,
} as const;

/** Ids are PostgreSQL integers: anything larger is refused as bad input, never sent to the database. */
const ROW_ID_MAX = 2_147_483_647;

export const configurationIdParamsSchema = z.object({ id: idSchema });

/** JSON text length; close enough to bytes for a bound. */
const jsonLength = (value: unknown) => JSON.stringify(value).length;

/** SPEC section 5: a workflow first, then a non-blank name. Saving a name again updates it. */
export const saveConfigurationRequestSchema = z.object({
  workflow_id: z.preprocess(
    idFromDigits,
    z
      .number({ error: MESSAGES.selectWorkflowFirst })
      .int({ error: MESSAGES.selectWorkflowFirst })
      .min(1, { error: MESSAGES.selectWorkflowFirst })
      .max(ROW_ID_MAX, { error: MESSAGES.selectWorkflowFirst }),
  ),
  config_name: z
    .string({ error: MESSAGES.enterConfigurationName })
    // a name of only a zero-width space would pass as filled and show as a blank entry in the list
    .overwrite(withoutInvisibleFillers)
    .trim()
    // 'Café' typed with a composed é or with e and a combining accent is one name: saving it again
    // replaces that configuration rather than adding a second 'Café' to the list
    .normalize('NFC')
    .min(1, { error: MESSAGES.enterConfigurationName })
    .max(CONFIG_NAME_MAX, { error: CONFIGURATION_MESSAGES.nameTooLong }),
  parameter_values: z
    .record(z.string(), z.unknown(), { error: CONFIGURATION_MESSAGES.valuesNotObject })
    .nullish()
    .transform((v) => v ?? {})
    .refine((v) => jsonLength(v) <= PARAMETER_VALUES_MAX_CHARS, { error: CONFIGURATION_MESSAGES.valuesTooLarge }),
});
export type SaveConfigurationRequest = z.input<typeof saveConfigurationRequestSchema>;
