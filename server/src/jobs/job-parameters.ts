import { createHash, randomInt } from 'node:crypto';
import {
  MAX_ID,
  SEED_MAX,
  SLUG_SEED_KEY,
  SLUG_SEED_MODE_KEY,
  isBlank,
  requiredFieldMessage,
  seedValueSchema,
  overrideValueOf,
  paramValueOf,
  validateOverrideValue,
  validateParamValue,
  validateSeed,
  type ConfigurableParam,
  type SeedMode,
  type SeedValue,
} from '@atelier/shared';
import { BadRequestError } from '../common/app-errors.js';
import type { OverrideLinkRow } from '../workflows/workflow-overrides.repository.js';
import type { WorkflowEntity } from '../workflows/workflow.entity.js';

export type ParameterErrors = Record<string, string>;

/** No prototype: a parameter named `__proto__` is then an entry like any other, not a no-op. */
function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export function randomSeed(): number {
  return randomInt(0, SEED_MAX + 1);
}

/**
 * The seed item `batchIndex` uses (DESIGN section 3, Seeds). In random mode each item's seed is
 * drawn from the job's own random seed, not afresh: an item resumed on another worker sends the
 * seed it sent before, which the external server's idempotent submit already ran with.
 */
export function itemSeed(seed: SeedValue, batchIndex: number): number {
  if (seed.mode === 'fixed') return (seed.seed + batchIndex) % (SEED_MAX + 1);
  // SEED_MAX is 2^32 - 1: any 32 bits of the hash are a valid seed
  return createHash('sha256').update(`${seed.seed}:${batchIndex}`).digest().readUInt32BE(0);
}

function readSeed(
  raw: unknown,
  defaultMode: SeedMode,
  defaultSeed: unknown,
  label: string,
  errors: ParameterErrors,
  key: string,
): SeedValue | null {
  // random mode draws the job's seed here, whatever seed the form showed: a second submit of the
  // same form, a saved configuration or a clone must not repeat the last job's images
  if (raw === undefined || raw === null || raw === '') {
    const fixed = defaultMode === 'fixed' && typeof defaultSeed === 'number' && validateSeed(defaultSeed) === null;
    return { mode: defaultMode, seed: fixed ? defaultSeed : randomSeed() };
  }
  if (typeof raw === 'object') {
    // random mode draws its seed here whatever was sent, so a caller need not send one
    if (isRandomWithoutSeed(raw)) return { mode: 'random', seed: randomSeed() };
    const parsed = seedValueSchema.safeParse(raw);
    if (parsed.success) return parsed.data.mode === 'random' ? { mode: 'random', seed: randomSeed() } : parsed.data;
    errors[key] = `${label} must be a whole number from 0 to ${SEED_MAX}`;
    return null;
  }
  const problem = validateSeed(raw, label);
  if (problem) {
    errors[key] = problem;
    return null;
  }
  return { mode: 'fixed', seed: Number(raw) };
}

function isRandomWithoutSeed(raw: object): boolean {
  const { mode, seed } = raw as { mode?: unknown; seed?: unknown };
  return !Array.isArray(raw) && mode === 'random' && (seed === undefined || seed === null);
}

export interface AssetLookup {
  exists(id: number): Promise<boolean>;
}

export interface ResolveOptions {
  /**
   * Saving a configuration rather than running it: a value left out or blank stays so (it is filled
   * in when the configuration is loaded and run), and only the values given are checked.
   */
  partial?: boolean;
}

/** Checks and normalises a JSON workflow's values against its configurable_params. */
export async function resolveComfyParameters(
  params: Record<string, ConfigurableParam>,
  raw: Record<string, unknown>,
  assets: AssetLookup,
  { partial = false }: ResolveOptions = {},
): Promise<Record<string, unknown>> {
  const errors: ParameterErrors = emptyRecord();
  const out: Record<string, unknown> = emptyRecord();
  for (const [name, param] of Object.entries(params)) {
    if (param.editable === false) continue;
    const label = param.display_name ?? name;
    const sent = own(raw, name);
    const value = sent === undefined && !partial ? param.default_value : sent;
    if (param.type === 'seed_control') {
      const seed = readSeed(sent, param.default_mode ?? 'random', param.default_value, label, errors, name);
      if (seed) out[name] = seed;
      continue;
    }
    if (isBlank(value)) {
      if (param.type === 'asset' && !partial) errors[name] = requiredFieldMessage(label);
      // a text sent blank (cleared on the form) is an empty text, as on slug workflows: left out,
      // the graph's own text would run (a negative prompt the user had just deleted); a number or
      // a choice has no empty value, and null or absent keeps the graph's
      else if ((param.type ?? 'text') === 'text' && typeof sent === 'string') out[name] = '';
      continue;
    }
    const problem = validateParamValue(param, value, label);
    if (problem) {
      errors[name] = problem;
    } else if (param.type === 'asset') {
      const id = Number(value);
      // past the id column's range it is no asset either (and PostgreSQL would refuse the lookup)
      const known = Number.isInteger(id) && id >= 1 && id <= MAX_ID && (await assets.exists(id));
      if (!known) errors[name] = `${label}: unknown asset`;
      else out[name] = id;
    } else {
      out[name] = paramValueOf(param, value);
    }
  }
  throwIfAny(errors);
  return out;
}

/**
 * Checks and normalises a slug workflow's values: keyed by ui_parameter_name or override key in,
 * by override key out; a required override that is blank gives `{display name} is required`.
 * `graphKeys` are the override keys the run cannot do without (SlugGraphKeys): an optional number
 * or choice of theirs left blank takes the link's default, and with none is required too.
 */
export function resolveSlugParameters(
  workflow: WorkflowEntity,
  links: OverrideLinkRow[],
  raw: Record<string, unknown>,
  graphKeys: ReadonlySet<string> = new Set(),
  { partial = false }: ResolveOptions = {},
): Record<string, unknown> {
  const errors: ParameterErrors = emptyRecord();
  const out: Record<string, unknown> = emptyRecord();
  for (const { link, definition } of links) {
    const key = definition.overrideKey;
    // an absent value takes the default; one sent blank was cleared on purpose
    const given = Object.hasOwn(raw, link.uiParameterName) ? raw[link.uiParameterName] : own(raw, key);
    let value = given === undefined && !partial ? link.defaultValue : given;
    // cleared, it would be left out, and the key would stay in the graph ComfyUI runs
    const needsValue = !partial && graphKeys.has(key) && definition.dataType !== 'string';
    if (needsValue && !link.isRequired && isBlank(value)) value = link.defaultValue;
    if (isBlank(value)) {
      if ((link.isRequired && !partial) || needsValue)
        errors[link.uiParameterName] = requiredFieldMessage(definition.displayName);
      // a text left blank is an empty text, and the base workflow's key must still be replaced by
      // something (ComfyUI runs the graph as written); a number or a choice has no empty value
      else if (definition.dataType === 'string') out[key] = '';
      continue;
    }
    const problem = validateOverrideValue(
      definition.dataType,
      definition.validationRules,
      value,
      definition.displayName,
    );
    if (problem) errors[link.uiParameterName] = problem;
    else out[key] = overrideValueOf(definition.dataType, definition.validationRules, value);
  }
  const seed = readSeed(own(raw, SLUG_SEED_KEY), workflow.seedMode, undefined, 'Seed', errors, SLUG_SEED_KEY);
  const mode = own(raw, SLUG_SEED_MODE_KEY);
  if (seed) out[SLUG_SEED_KEY] = mode === 'random' || mode === 'fixed' ? { ...seed, mode } : seed;
  throwIfAny(errors);
  return out;
}

/** The value sent under `name`; never one inherited from Object.prototype (`constructor`, `toString`). */
function own(raw: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(raw, name) ? raw[name] : undefined;
}

function throwIfAny(errors: ParameterErrors): void {
  const messages = Object.values(errors);
  if (messages.length) throw new BadRequestError(messages[0]!, errors);
}
