import { describe, expect, it } from 'vitest';
import { newRow, type DefinitionRow } from './definition-rows';
import { definitionsDraft } from './definitions-draft';

const saved: DefinitionRow = {
  ...newRow('override_grain'),
  rowKey: 'saved-4',
  id: 4,
  updated_at: '2026-11-28T09:00:00.000Z',
};

describe('kept override definition rows', () => {
  it('gives new rows a row key of their own and edits under their id', () => {
    const kept = newRow('override_kept');
    const draft = definitionsDraft(JSON.parse(JSON.stringify({ drafts: [kept], edits: { 4: saved } })));
    expect(draft?.drafts).toHaveLength(1);
    expect(draft?.drafts[0]).toMatchObject({ override_key: 'override_kept', id: null });
    expect(draft?.drafts[0]?.rowKey).not.toBe(kept.rowKey);
    expect(draft?.edits[4]).toEqual(saved);
  });

  it.each([
    ['nothing', undefined],
    ['no edits', { drafts: [] }],
    ['a new row with an id', { drafts: [saved], edits: {} }],
    ['an edit without an id', { drafts: [], edits: { 4: { ...saved, id: null } } }],
    ['an unknown data type', { drafts: [{ ...newRow(), data_type: 'date' }], edits: {} }],
    ['a field that is no text', { drafts: [{ ...newRow(), category: 3 }], edits: {} }],
  ])('refuses %s', (_case, raw) => {
    expect(definitionsDraft(raw)).toBeNull();
  });
});
