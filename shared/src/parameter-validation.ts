import { FLOAT_STEP_DEFAULT, SEED_MAX, SEED_MIN } from './constants.js';
import type { OverrideDataType, ValidationRules } from './overrides.js';
import type { ConfigurableParam } from './workflows.js';

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function checkNumber(
  value: unknown,
  label: string,
  rules: { min?: number; max?: number; step?: number; integer?: boolean },
): string | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return `${label} must be a number`;
  if (rules.integer && !Number.isInteger(n)) return `${label} must be a whole number`;
  if (rules.min !== undefined && n < rules.min) return `${label} must be at least ${rules.min}`;
  if (rules.max !== undefined && n > rules.max) return `${label} must be at most ${rules.max}`;
  if (rules.step !== undefined && rules.step > 0) {
    const base = rules.min ?? 0;
    const steps = (n - base) / rules.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9)
      // "Steps must be in steps of 1" says less than the plain rule it stands for
      return rules.step === 1 && Number.isInteger(base)
        ? `${label} must be a whole number`
        : `${label} must be in steps of ${rules.step}`;
  }
  return null;
}

/** A seed: a whole number 0..4294967295 (SPEC section 5). */
export function validateSeed(value: unknown, label = 'Seed'): string | null {
  return checkNumber(value, label, { min: SEED_MIN, max: SEED_MAX, integer: true });
}

/** The step of a numeric override (SPEC section 5): its own, else 1 for an integer and 0.1 for a float. */
export function overrideStep(dataType: 'integer' | 'float', rules: ValidationRules): number {
  return rules.step ?? (dataType === 'integer' ? 1 : FLOAT_STEP_DEFAULT);
}

/**
 * The option `value` names, as listed: options may be numbers (widths) while a form field or a
 * hand-written request sends their text, and the generator must get the number.
 */
export function listedOption(
  options: ReadonlyArray<string | number> | undefined,
  value: unknown,
): string | number | undefined {
  return (options ?? []).find((o) => String(o) === String(value));
}

/**
 * A value validateOverrideValue accepted, in the type the generator gets: a number for integer and
 * float, true or false for boolean, the listed option for select, text as sent.
 */
export function overrideValueOf(dataType: OverrideDataType, rules: ValidationRules, value: unknown): unknown {
  if (dataType === 'integer' || dataType === 'float') return Number(value);
  if (dataType === 'boolean') return value === true || value === 'true';
  if (dataType === 'select') return listedOption(rules.options, value);
  return value;
}

/** A value validateParamValue accepted, in the type the generator gets (JSON workflows). */
export function paramValueOf(param: ConfigurableParam, value: unknown): unknown {
  if (param.type === 'number') return Number(value);
  if (param.type === 'select') return listedOption(param.options, value);
  return value;
}

/**
 * Checks one slug-workflow override value against its definition. Returns the message to show
 * beside the field, or null when the value is acceptable. Blank values are the caller's concern
 * (required or not).
 */
export function validateOverrideValue(
  dataType: OverrideDataType,
  rules: ValidationRules,
  value: unknown,
  label: string,
): string | null {
  switch (dataType) {
    case 'integer':
    case 'float':
      return checkNumber(value, label, {
        min: rules.min,
        max: rules.max,
        step: overrideStep(dataType, rules),
        integer: dataType === 'integer',
      });
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false'
        ? null
        : `${label} must be true or false`;
    case 'select':
      return listedOption(rules.options, value) !== undefined ? null : `${label} must be one of the listed options`;
    case 'string':
      if (typeof value !== 'string' && typeof value !== 'number') return `${label} must be text`;
      if (rules.max_length !== undefined && String(value).length > rules.max_length) {
        return `${label} must be at most ${rules.max_length} characters`;
      }
      return null;
  }
}

/** Checks one configurable_params value (JSON workflows). */
export function validateParamValue(param: ConfigurableParam, value: unknown, label: string): string | null {
  switch (param.type ?? 'text') {
    case 'seed_control':
      return validateSeed(value, label);
    case 'number':
      return checkNumber(value, label, { min: param.min, max: param.max, step: param.step ?? 1 });
    case 'select':
      return listedOption(param.options, value) !== undefined ? null : `${label} must be one of the listed options`;
    case 'asset':
      return typeof value === 'string' || typeof value === 'number' ? null : `${label} must name an asset`;
    case 'text':
      return typeof value === 'string' || typeof value === 'number' ? null : `${label} must be text`;
  }
}
