import { OVERRIDE_KEY_PATTERN, configurableParamSchema, type ConfigurableParam } from '@atelier/shared';
import { z } from 'zod';

/** The wrapped form of DESIGN section 4: a graph plus the parameters a JSON workflow exposes. */
const wrappedSchema = z.object({
  workflow: z.record(z.string(), z.unknown()),
  configurable_params: z.record(z.string(), configurableParamSchema),
  name: z.string().trim().min(1).max(200).optional(),
  category: z.string().trim().min(1).max(100).optional(),
  tags: z.array(z.string()).optional(),
});

export interface WrappedWorkflow {
  graph: Record<string, unknown>;
  configurableParams: Record<string, ConfigurableParam>;
  name?: string;
  category?: string;
  tags?: string[];
}

export function parseJson(raw: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
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
