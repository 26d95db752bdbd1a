import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { CLASSIFICATION_TYPES, EOK_PROVIDERS, GENERATION_TYPES, SEED_MODES } from './constants.js';
import { overrideDataTypeSchema, validationRulesSchema } from './overrides.js';

export const PARAM_TYPES = ['seed_control', 'number', 'select', 'asset', 'text'] as const;
export const paramTypeSchema = z.enum(PARAM_TYPES);
export type ParamType = z.infer<typeof paramTypeSchema>;

export const seedModeSchema = z.enum(SEED_MODES);
export type SeedMode = z.infer<typeof seedModeSchema>;

/** One entry of configurable_params (SPEC section 3). `type` reads as text when absent. */
export const configurableParamSchema = z.object({
  editable: z.boolean().optional(),
  type: paramTypeSchema.optional(),
  display_name: z.string().optional(),
  description: z.string().optional(),
  default_value: z.unknown().optional(),
  default_mode: seedModeSchema.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().optional(),
  options: z.array(z.union([z.string(), z.number()])).optional(),
  asset_type: z.string().optional(),
  /** Where the value is written in the graph (DESIGN section 4). */
  node: z.string().optional(),
  input: z.string().optional(),
});
export type ConfigurableParam = z.infer<typeof configurableParamSchema>;

export const WORKFLOW_TYPES = ['slug', 'comfyui'] as const;
export const workflowTypeSchema = z.enum(WORKFLOW_TYPES);
export type WorkflowType = z.infer<typeof workflowTypeSchema>;

/** An override as a workflow view shows it (SPEC section 3, Workflow override (link)). */
export const workflowOverrideSchema = z.object({
  id: z.number().int(),
  workflow_id: z.number().int(),
  override_definition_id: z.number().int(),
  override_key: z.string(),
  display_name: z.string(),
  description: z.string().nullable(),
  data_type: overrideDataTypeSchema,
  category: z.string().nullable(),
  is_required: z.boolean(),
  default_value: z.unknown().nullable(),
  ui_parameter_name: z.string(),
  display_order: z.number().int(),
  validation_rules: validationRulesSchema,
  /** The definition's: SPEC section 3 gives a link the definition's fields, created_at among them. */
  created_at: isoDateSchema,
});
export type WorkflowOverride = z.infer<typeof workflowOverrideSchema>;

export const eokConfigSchema = z.object({
  eok_runtime: z.string().nullable(),
  eok_bucket_name: z.string().nullable(),
  eok_provider: z.enum(EOK_PROVIDERS),
  eok_generation_type: z.enum(GENERATION_TYPES),
  eok_pre_classification_type: z.enum(CLASSIFICATION_TYPES),
  eok_post_classification_type: z.enum(CLASSIFICATION_TYPES),
  seed_mode: seedModeSchema,
  download_dir: z.string().nullable(),
});
export type EokConfig = z.infer<typeof eokConfigSchema>;

export const workflowSchema = eokConfigSchema.extend({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  workflow_type: workflowTypeSchema,
  workflow_slug: z.string().nullable(),
  is_favorite: z.boolean(),
  override_count: z.number().int(),
  updated_at: isoDateSchema,
  configurable_params: z.record(z.string(), configurableParamSchema).optional(),
  workflow_overrides: z.array(workflowOverrideSchema).optional(),
});
export type Workflow = z.infer<typeof workflowSchema>;

/** Parameters that count as configurable on a card (SPEC section 2). */
export function configurableParamCount(
  workflow: Pick<Workflow, 'workflow_type' | 'configurable_params' | 'override_count'>,
): number {
  if (workflow.workflow_type === 'slug') return workflow.override_count;
  return Object.values(workflow.configurable_params ?? {}).filter((p) => p.editable !== false).length;
}
