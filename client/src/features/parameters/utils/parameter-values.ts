import { SEED_MAX, isBlank, listedOption, requiredFieldMessage, type SeedMode } from '@atelier/shared';
import type { ParamField } from './parameter-fields';

/** A seed as the form holds it: the number stays text while it is being typed. */
export interface SeedFormValue {
  mode: SeedMode;
  seed: string;
}

/** Text for typed and chosen values (options and asset ids included), a boolean for a checkbox. */
export type FormValue = string | boolean | SeedFormValue;
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string>;

/**
 * A number box's value while its text is no number ('-', '1e', '--5'): the browser then reports the
 * box as empty, and the form must not read that as a cleared field and send nothing in its place.
 * No one can type this into a number box.
 */
export const UNREADABLE_NUMBER = 'NaN';

/** A whole number 0..4294967295, as the server draws them. */
export function randomSeed(): number {
  const draw = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return Math.min(draw, SEED_MAX);
}

function asText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

function isSeedValue(value: unknown): value is { mode: unknown; seed: unknown } {
  return typeof value === 'object' && value !== null && 'seed' in value;
}

export function defaultFormValue(field: ParamField): FormValue {
  switch (field.kind) {
    case 'seed': {
      const fixed = typeof field.defaultSeed === 'number' && field.check(field.defaultSeed) === null;
      const seed = field.defaultMode === 'fixed' && fixed ? Number(field.defaultSeed) : randomSeed();
      return { mode: field.defaultMode, seed: String(seed) };
    }
    case 'boolean':
      return field.defaultValue === true || field.defaultValue === 'true';
    default:
      return asText(field.defaultValue);
  }
}

export function defaultFormValues(fields: readonly ParamField[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, defaultFormValue(field)]));
}

/** A value saved in a configuration (or sent in a job) back into the form's shape. */
export function formValueFromSaved(field: ParamField, saved: unknown): FormValue {
  switch (field.kind) {
    case 'seed':
      if (isSeedValue(saved)) {
        return { mode: saved.mode === 'fixed' ? 'fixed' : 'random', seed: asText(saved.seed) };
      }
      return isBlank(saved) ? defaultFormValue(field) : { mode: 'fixed', seed: asText(saved) };
    case 'boolean':
      return saved === true || saved === 'true';
    default:
      return asText(saved);
  }
}

/** A saved configuration fills the form; parameters it does not mention take their defaults. */
export function formValuesFromSaved(fields: readonly ParamField[], saved: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      // own keys only: `in` also finds a `constructor` or `toString` every object inherits
      Object.hasOwn(saved, field.name) ? formValueFromSaved(field, saved[field.name]) : defaultFormValue(field),
    ]),
  );
}

export function isBlankFormValue(value: FormValue | undefined): boolean {
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The message to show beside a field, or null. */
export function fieldError(field: ParamField, value: FormValue | undefined): string | null {
  if (field.kind === 'seed') {
    return typeof value === 'object' ? field.check(value.seed) : field.check(value);
  }
  if (isBlankFormValue(value)) return field.required ? requiredFieldMessage(field.label) : null;
  return field.check(value);
}

export function formErrors(fields: readonly ParamField[], values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const field of fields) {
    const message = fieldError(field, values[field.name]);
    if (message) errors[field.name] = message;
  }
  return errors;
}

/** A form value as the API takes it: numbers as numbers, options in their own type, a seed as {mode, seed}. */
export function toParameterValue(field: ParamField, value: FormValue | undefined): unknown {
  if (field.kind === 'seed') {
    const seed = typeof value === 'object' ? value : { mode: field.defaultMode, seed: asText(value) };
    // a cleared seed is saved as 'use the default', not as Number('') = 0 (Generate stops it first)
    return seed.seed.trim() === '' ? null : { mode: seed.mode, seed: Number(seed.seed) };
  }
  if (field.kind === 'boolean') return value === true;
  if (typeof value !== 'string') return value;
  // Blank is sent on purpose, not left out (which takes the default): a text then runs empty, a
  // number or a choice with the workflow graph's own value.
  if (isBlankFormValue(value)) return field.kind === 'text' ? value : null;
  switch (field.kind) {
    case 'number':
      // only Save Configuration gets here with it (Generate stops first): saved as cleared
      return value === UNREADABLE_NUMBER ? null : Number(value);
    case 'asset':
      return Number.isInteger(Number(value)) ? Number(value) : value;
    case 'select':
      return listedOption(field.options, value) ?? value;
    default:
      return value;
  }
}

export function toParameters(fields: readonly ParamField[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, toParameterValue(field, values[field.name])]));
}
