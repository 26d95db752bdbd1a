import type { BaseWorkflowStore } from './base-workflow-store.js';
import { parseJson, readWrapped } from './workflow-file-content.js';

/**
 * A slug workflow's base graph, when the repository has it (ComfyUI needs it; the others do not):
 * the graph of a wrapped file, or the file itself; null when there is no such file or no JSON object.
 */
export async function readSlugBaseGraph(
  store: BaseWorkflowStore,
  slug: string | null,
): Promise<Record<string, unknown> | null> {
  if (!slug) return null;
  const file = await store.read(`${slug}.json`).catch(() => null);
  if (!file) return null;
  const parsed = parseJson(file.raw);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return null;
  return readWrapped(parsed.value)?.graph ?? (parsed.value as Record<string, unknown>);
}
