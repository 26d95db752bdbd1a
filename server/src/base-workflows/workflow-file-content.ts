import {
  OVERRIDE_KEY_PATTERN,
  PARAM_TYPES,
  configurableParamSchema,
  isBlank,
  validateParamValue,
  type ConfigurableParam,
  type ParamType,
} from '@atelier/shared';
import { z } from 'zod';
import { inputProblem } from '../common/safe-input.pipe.js';

/**
 * A `type` is text by default (SPEC section 3): when absent, and when it names no type of ours
 * (`textarea`, `string`), so a file written for another tool still gives a form, not no workflow.
 */
const fileParamSchema = configurableParamSchema.extend({
  type: z
    .string()
    .optional()
    .transform((type): ParamType | undefined =>
      type === undefined || (PARAM_TYPES as readonly string[]).includes(type) ? (type as ParamType) : 'text',
    ),
});

/** The wrapped form of DESIGN section 4: a graph plus the parameters a JSON workflow exposes. */
const wrappedSchema = z.object({
  workflow: z.record(z.string(), z.unknown()),
  configurable_params: z.record(z.string(), fileParamSchema),
  // composed as the API stores them (workflowNameSchema), so searches find them
  name: z.string().normalize('NFC').trim().min(1).max(200).optional(),
  category: z.string().normalize('NFC').trim().min(1).max(100).optional(),
  tags: z.array(z.string()).optional(),
});

export interface WrappedWorkflow {
  graph: Record<string, unknown>;
  configurableParams: Record<string, ConfigurableParam>;
  name?: string;
  category?: string;
  tags?: string[];
}

/**
 * The file's JSON, when it is JSON the app can hold: a NUL or lone surrogate (which jsonb refuses),
 * a number past a double (kept as null) or nesting past the request limit (every reader walks it,
 * and ran out of stack) is refused as content sent as an object is, named as a `content` field.
 */
export function parseJson(raw: string): { ok: true; value: unknown } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const problem = inputProblem(value, ['content'], 1);
  return problem ? { ok: false, message: problem.message } : { ok: true, value };
}

/** The wrapped form if the content has one; a bare graph (or anything else) gives null. */
export function readWrapped(content: unknown): WrappedWorkflow | null {
  const parsed = wrappedSchema.safeParse(content);
  if (!parsed.success) return null;
  const { workflow, configurable_params, name, category, tags } = parsed.data;
  return { graph: workflow, configurableParams: configurable_params, name, category, tags };
}

/** Every `override_<name>` string used as a value anywhere in the graph, sorted, once each. */
export function overrideKeysIn(content: unknown): string[] {
  const graph = readWrapped(content)?.graph ?? content;
  const keys = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (OVERRIDE_KEY_PATTERN.test(value)) keys.add(value);
    } else if (Array.isArray(value)) {
      value.forEach(walk);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(walk);
    }
  };
  walk(graph);
  return [...keys].sort();
}

/** `Parameter steps, min: expected number, received string`, from the first thing zod found wrong. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  const [top, name, ...rest] = path;
  const where =
    top === 'configurable_params' && name !== undefined
      ? [`Parameter ${name}`, ...(rest.length ? [rest.join('.')] : [])].join(', ')
      : path.join('.') || 'The workflow';
  const detail = issue.message.replace(/^Invalid input: /, '').replace(/\brecord\b/, 'object');
  return `${where}: ${detail}`;
}

/**
 * Why content that means to be the wrapped form (it has `configurable_params`) is not, or null.
 * Read as a bare graph it would run with no parameters, and the JSON workflow made from it would
 * disappear: the editor refuses it instead, and a sync says why the workflow went.
 */
export function wrappedFormProblem(content: unknown): string | null {
  if (!content || typeof content !== 'object' || !Object.hasOwn(content, 'configurable_params')) return null;
  const parsed = wrappedSchema.safeParse(content);
  return parsed.success ? null : describeIssue(parsed.error.issues[0]!);
}

/**
 * Why a wrapped file's parameters would give a form nobody can submit (min above max, a step of
 * 0, a select with no options, a default its own rules refuse; or not the wrapped form at all
 * while meaning to be), or null. A bare graph has no parameters to check.
 */
export function configurableParamsProblem(content: unknown): string | null {
  const malformed = wrappedFormProblem(content);
  if (malformed) return malformed;
  const wrapped = readWrapped(content);
  if (!wrapped) return null;
  for (const [name, param] of Object.entries(wrapped.configurableParams)) {
    const problem = paramProblem(param);
    if (problem) return `Parameter ${name}: ${problem}`;
  }
  return null;
}

function paramProblem(param: ConfigurableParam): string | null {
  const type = param.type ?? 'text';
  if (type === 'number') {
    if (param.min !== undefined && param.max !== undefined && param.min > param.max) return 'min is above max';
    if (param.step !== undefined && !(param.step > 0)) return 'step must be above 0';
  }
  if (type === 'select' && !(param.options ?? []).length) return 'a select needs at least one option';
  if (type === 'seed_control' || type === 'asset' || isBlank(param.default_value)) return null;
  return validateParamValue(param, param.default_value, 'the default value');
}
