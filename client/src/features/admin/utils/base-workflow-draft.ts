/** The base workflow editor's typing, kept should the server end the session (lib/session-drafts). */
export const BASE_WORKFLOW_DRAFT = 'base-workflow-editor';

export interface BaseWorkflowDraft {
  /** null: a new workflow */
  filename: string | null;
  name: string;
  content: string;
  /** The version the edit started from, so a save still cannot drop another admin's change unseen. */
  baseSha: string | null;
}

const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

export function baseWorkflowDraft(raw: unknown): BaseWorkflowDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { filename, name, content, baseSha } = raw as Record<string, unknown>;
  return textOrNull(filename) && typeof name === 'string' && typeof content === 'string' && textOrNull(baseSha)
    ? { filename, name, content, baseSha }
    : null;
}
