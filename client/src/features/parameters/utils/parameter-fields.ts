import {
  overrideStep,
  validateOverrideValue,
  validateParamValue,
  validateSeed,
  type ConfigurableParam,
  type SeedMode,
  type Workflow,
  type WorkflowOverride,
} from '@atelier/shared';

/** Where a slug workflow's seed travels in job parameters (`{mode, seed}`), beside the overrides. */
export const SLUG_SEED_PARAMETER = 'seed';

interface FieldBase {
  /** The key the value is sent under: the parameter name, or the override's ui_parameter_name. */
  name: string;
  label: string;
  description?: string;
  required: boolean;
  /** Checks a non-blank value with the shared validators; the message to show, or null. */
  check: (value: unknown) => string | null;
}

export type ParamField =
  | (FieldBase & { kind: 'seed'; defaultMode: SeedMode; defaultSeed?: unknown })
  | (FieldBase & { kind: 'number'; min?: number; max?: number; step: number; defaultValue?: unknown })
  | (FieldBase & { kind: 'select'; options: readonly (string | number)[]; defaultValue?: unknown })
  | (FieldBase & { kind: 'asset'; assetType?: string; defaultValue?: unknown })
  | (FieldBase & { kind: 'boolean'; defaultValue?: unknown })
  | (FieldBase & { kind: 'text'; maxLength?: number; defaultValue?: unknown });

export type ParamFieldKind = ParamField['kind'];

function paramField(name: string, param: ConfigurableParam): ParamField {
  const label = param.display_name ?? name;
  const base = {
    name,
    label,
    description: param.description,
    required: false,
    check: (value: unknown) => validateParamValue(param, value, label),
  };
  switch (param.type ?? 'text') {
    case 'seed_control':
      return { ...base, kind: 'seed', defaultMode: param.default_mode ?? 'random', defaultSeed: param.default_value };
    case 'number':
      return {
        ...base,
        kind: 'number',
        min: param.min,
        max: param.max,
        step: param.step ?? 1,
        defaultValue: param.default_value,
      };
    case 'select':
      return { ...base, kind: 'select', options: param.options ?? [], defaultValue: param.default_value };
    case 'asset':
      // The server refuses a job without its asset, so the form asks for one up front.
      return { ...base, kind: 'asset', required: true, assetType: param.asset_type, defaultValue: param.default_value };
    case 'text':
      return { ...base, kind: 'text', defaultValue: param.default_value };
  }
}

/**
 * configurable_params carry no order of their own (and come back from the database with their keys
 * reordered), so the form groups them the way people fill them in: the source image, the texts,
 * the settings, the seed last. Within a group the received order stands.
 */
const KIND_ORDER: Record<ParamField['kind'], number> = { asset: 0, text: 1, number: 2, select: 2, boolean: 2, seed: 3 };

/** A JSON workflow's editable configurable_params. */
export function fieldsFromParams(params: Record<string, ConfigurableParam>): ParamField[] {
  return Object.entries(params)
    .filter(([, param]) => param.editable !== false)
    .map(([name, param]) => paramField(name, param))
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
}

function overrideField(override: WorkflowOverride): ParamField {
  const rules = override.validation_rules;
  const label = override.display_name;
  const base = {
    name: override.ui_parameter_name,
    label,
    description: override.description ?? undefined,
    required: override.is_required,
    defaultValue: override.default_value,
    check: (value: unknown) => validateOverrideValue(override.data_type, rules, value, label),
  };
  switch (override.data_type) {
    case 'integer':
    case 'float':
      return { ...base, kind: 'number', min: rules.min, max: rules.max, step: overrideStep(override.data_type, rules) };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'select':
      return { ...base, kind: 'select', options: rules.options ?? [] };
    case 'string':
      return { ...base, kind: 'text', maxLength: rules.max_length };
  }
}

/** A slug workflow's overrides in display order, then its seed (mode from the workflow's seed_mode). */
export function fieldsFromOverrides(overrides: readonly WorkflowOverride[], seedMode: SeedMode): ParamField[] {
  const fields = [...overrides].sort((a, b) => a.display_order - b.display_order).map(overrideField);
  // An override already named `seed` would collide with the seed control on the server.
  if (fields.some((field) => field.name === SLUG_SEED_PARAMETER)) return fields;
  const label = 'Seed';
  return [
    ...fields,
    {
      name: SLUG_SEED_PARAMETER,
      label,
      required: false,
      kind: 'seed',
      defaultMode: seedMode,
      check: (value: unknown) => validateSeed(value, label),
    },
  ];
}

export function workflowFields(workflow: Workflow): ParamField[] {
  return workflow.workflow_type === 'slug'
    ? fieldsFromOverrides(workflow.workflow_overrides ?? [], workflow.seed_mode)
    : fieldsFromParams(workflow.configurable_params ?? {});
}

/** The id of a field's control, so a failed submit can move focus to the first invalid one. */
export function parameterInputId(name: string): string {
  return `param-${name}`;
}
