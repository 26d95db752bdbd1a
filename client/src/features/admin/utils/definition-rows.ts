import { humanizeOverrideKey, type OverrideDefinition, type OverrideDataType } from '@atelier/shared';

/** A row of the definitions table: a saved definition, or a new one not yet saved (`id` null). */
export interface DefinitionRow {
  rowKey: string;
  id: number | null;
  override_key: string;
  display_name: string;
  description: string;
  data_type: OverrideDataType;
  validation_rules: string;
  category: string;
  /** The saved definition's version, sent back with a change (null for a new row). */
  updated_at: string | null;
}

/** Every column but the actions (SPEC section 2: a sortable table). */
export type SortColumn =
  'id' | 'override_key' | 'display_name' | 'description' | 'data_type' | 'validation_rules' | 'category';

export function rowFromDefinition(definition: OverrideDefinition): DefinitionRow {
  return {
    rowKey: `saved-${definition.id}`,
    id: definition.id,
    override_key: definition.override_key,
    display_name: definition.display_name,
    description: definition.description ?? '',
    data_type: definition.data_type,
    validation_rules: rulesText(definition.validation_rules),
    category: definition.category ?? '',
    updated_at: definition.updated_at,
  };
}

/** One line with spaces after commas, so a long rule wraps between values rather than inside them. */
export const rulesText = (rules: object) =>
  Object.keys(rules).length ? JSON.stringify(rules, null, 1).replace(/\s*\n\s*/g, ' ') : '';

let counter = 0;
/** A new row; from a missing key its display name is the key made readable. */
export function newRow(key = ''): DefinitionRow {
  counter += 1;
  return {
    rowKey: `new-${counter}`,
    id: null,
    override_key: key,
    display_name: key ? humanizeOverrideKey(key) : '',
    description: '',
    data_type: 'string',
    validation_rules: '',
    category: '',
    updated_at: null,
  };
}

export function sortRows(rows: DefinitionRow[], column: SortColumn, ascending: boolean): DefinitionRow[] {
  const factor = ascending ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (column === 'id') return ((a.id ?? Infinity) - (b.id ?? Infinity)) * factor || 0;
    return a[column].localeCompare(b[column]) * factor;
  });
}

/** The rules each data type takes; the rest would make the server refuse the row. */
const RULES_OF_TYPE: Record<OverrideDataType, readonly string[]> = {
  string: ['max_length'],
  integer: ['min', 'max', 'step'],
  float: ['min', 'max', 'step'],
  boolean: [],
  select: ['options'],
};
const TYPED_RULES = new Set(Object.values(RULES_OF_TYPE).flat());

/**
 * The row with one cell changed. A new data type drops the rules that belong to another type (a
 * string's max_length means nothing to an integer), so changing the type alone can be saved; rules
 * that are not valid JSON are left for the person to mend.
 */
export function withCell(row: DefinitionRow, field: keyof DefinitionRow, value: string): DefinitionRow {
  const next = { ...row, [field]: value } as DefinitionRow;
  if (field !== 'data_type' || value === row.data_type || !next.validation_rules.trim()) return next;
  let rules: unknown;
  try {
    rules = JSON.parse(next.validation_rules);
  } catch {
    return next;
  }
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) return next;
  const allowed = RULES_OF_TYPE[next.data_type] ?? [];
  const kept = Object.fromEntries(
    Object.entries(rules).filter(([key]) => !TYPED_RULES.has(key) || allowed.includes(key)),
  );
  return { ...next, validation_rules: rulesText(kept) };
}
