import { OVERRIDE_DATA_TYPES, type OverrideDataType } from '@atelier/shared';
import { newRow, type DefinitionRow } from './definition-rows';

/** Override Definitions' unsaved rows, kept should the server end the session (lib/session-drafts). */
export const DEFINITIONS_DRAFT = 'override-definitions';

export interface DefinitionsDraft {
  /** New rows. */
  drafts: DefinitionRow[];
  /** Saved rows' edits not yet saved, by id, each with the version it began from. */
  edits: Record<number, DefinitionRow>;
}

const TEXT_FIELDS = ['override_key', 'display_name', 'description', 'validation_rules', 'category'] as const;

function readRow(raw: unknown): DefinitionRow | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const row = raw as Record<string, unknown>;
  const fits =
    TEXT_FIELDS.every((field) => typeof row[field] === 'string') &&
    OVERRIDE_DATA_TYPES.includes(row.data_type as OverrideDataType) &&
    (row.id === null || typeof row.id === 'number') &&
    (row.updated_at === null || typeof row.updated_at === 'string');
  if (!fits) return null;
  const { id, updated_at, data_type } = row as Pick<DefinitionRow, 'id' | 'updated_at' | 'data_type'>;
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, row[field] as string]));
  // a new row takes a row key of this page's, which may have handed out the kept one already
  const rowKey = id === null ? newRow().rowKey : `saved-${id}`;
  return { ...(texts as Pick<DefinitionRow, (typeof TEXT_FIELDS)[number]>), rowKey, id, updated_at, data_type };
}

/** The kept rows, every one still of a row's shape; null when nothing fits. */
export function definitionsDraft(raw: unknown): DefinitionsDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { drafts, edits } = raw as Record<string, unknown>;
  if (!Array.isArray(drafts) || typeof edits !== 'object' || edits === null) return null;
  const rows = drafts.map(readRow);
  const edited = Object.values(edits).map(readRow);
  if (rows.some((row) => row?.id !== null) || edited.some((row) => row === null || row.id === null)) return null;
  return {
    drafts: rows as DefinitionRow[],
    edits: Object.fromEntries((edited as DefinitionRow[]).map((row) => [row.id!, row])),
  };
}
