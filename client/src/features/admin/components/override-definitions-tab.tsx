import { Badge, Button, HStack, Stack, Table, chakra } from '@chakra-ui/react';
import { OVERRIDE_DATA_TYPES, overrideDefinitionInputSchema, type OverrideDefinitionInput } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { useConfirmedDelete } from '../../../components/use-confirmed-delete';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { ApiError, errorText } from '../../../lib/api-error';
import { ADMIN_MESSAGES } from '../admin-messages';
import {
  useDeleteOverrideDefinition,
  useMissingKeys,
  useOverrideDefinitions,
  useSaveOverrideDefinition,
} from '../api/override-definitions';
import {
  newRow,
  rowFromDefinition,
  sortRows,
  withCell,
  type DefinitionRow,
  type SortColumn,
} from '../utils/definition-rows';
import { AdminListState } from './admin-list-state';
import { EditableCell } from './editable-cell';
import { DRAFT_RESTORED } from '../../../lib/session-drafts';
import { useDraftSource, useKeptDraft } from '../../auth/hooks/use-session-draft';
import { DEFINITIONS_DRAFT, definitionsDraft } from '../utils/definitions-draft';
import { MissingKeysBanner } from './missing-keys-banner';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { RowAction } from '../../../components/row-action';

const COLUMNS: Array<{ key: SortColumn; label: string }> = [
  { key: 'id', label: 'ID' },
  { key: 'override_key', label: 'Key' },
  { key: 'display_name', label: 'Display Name' },
  { key: 'description', label: 'Description' },
  { key: 'data_type', label: 'Data Type' },
  { key: 'validation_rules', label: 'Validation Rules' },
  { key: 'category', label: 'Category' },
];

function toInput(row: DefinitionRow): OverrideDefinitionInput {
  const rules = row.validation_rules.trim();
  return {
    override_key: row.override_key.trim(),
    display_name: row.display_name.trim(),
    description: row.description,
    data_type: row.data_type,
    validation_rules: rules ? (JSON.parse(rules) as OverrideDefinitionInput['validation_rules']) : {},
    category: row.category,
    // a row is saved whole: from a copy older than another admin's change, it would undo that change
    ...(row.updated_at ? { expected_updated_at: row.updated_at } : {}),
  };
}

/** The request body of a row, or why its validation rules do not parse. */
function readRow(row: DefinitionRow): { body: OverrideDefinitionInput } | { problem: string } {
  try {
    return { body: toInput(row) };
  } catch (error) {
    return { problem: `Invalid JSON: ${error instanceof Error ? error.message : ''}` };
  }
}

/** Why the server would refuse the row, found before it is sent; null when it may be sent. */
function rowProblem(row: DefinitionRow): string | null {
  const read = readRow(row);
  if ('problem' in read) return read.problem;
  const parsed = overrideDefinitionInputSchema.safeParse(read.body);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.saveOverrideDefinitionFailed);
}

/** SPEC section 2, Admin dashboard, tab 3: override definitions edited in place. */
export function OverrideDefinitionsTab() {
  const definitions = useOverrideDefinitions();
  const missingKeys = useMissingKeys().data ?? {};
  const save = useSaveOverrideDefinition();
  const remove = useDeleteOverrideDefinition();
  // rows left unsaved when the server ended the session come back as they were
  const kept = useKeptDraft(DEFINITIONS_DRAFT);
  const [restored] = useState(() => definitionsDraft(kept));
  const [drafts, setDrafts] = useState<DefinitionRow[]>(restored?.drafts ?? []);
  // Edits of saved rows that cannot be saved yet (a type change to select waits for its options),
  // or that the server refused: kept, so the typing is not lost, until saved or discarded.
  const [edits, setEdits] = useState<Record<number, DefinitionRow>>(restored?.edits ?? {});
  useDraftSource(DEFINITIONS_DRAFT, () => (drafts.length || Object.keys(edits).length ? { drafts, edits } : undefined));
  const [sort, setSort] = useState<{ column: SortColumn; ascending: boolean }>({ column: 'id', ascending: true });
  const confirm = useConfirmedDelete<DefinitionRow>();
  const deleting = confirm.subject;
  // once deleted, the tab keeps the focus: the row's button is gone
  const rootRef = useRef<HTMLDivElement>(null);
  // A row action that takes its own button away (a save, Cancel, Discard) names where the focus
  // goes instead, found once it is rendered: else the next Tab would start from the page's start.
  const focusNext = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const target = focusNext.current?.();
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });
  const focusLater = (selector: string) => {
    focusNext.current = () => rootRef.current?.querySelector<HTMLElement>(selector);
  };
  const focusDeleteOf = (id: number) => focusLater(`[data-row-key="saved-${id}"] [data-row-delete]`);
  const [message, setMessage] = useState<FormMessageValue | null>(
    restored ? { status: 'info', text: DRAFT_RESTORED.notSaved } : null,
  );
  const saved = sortRows((definitions.data ?? []).map(rowFromDefinition), sort.column, sort.ascending).map(
    (row) => (row.id !== null && edits[row.id]) || row,
  );
  const keepEdit = (row: DefinitionRow) => row.id !== null && setEdits((all) => ({ ...all, [row.id!]: row }));
  const dropEdit = (id: number) =>
    setEdits((all) => Object.fromEntries(Object.entries(all).filter(([key]) => Number(key) !== id)));
  const rows = [...saved, ...drafts];

  /** `fromRowAction`: saved by the row's Save, which the saved row replaces with its Delete. */
  const persist = (row: DefinitionRow, fromRowAction = false) => {
    const read = readRow(row);
    if ('problem' in read) return setMessage({ status: 'error', text: read.problem });
    setMessage(null);
    save.mutate(
      { ...read.body, ...(row.id === null ? {} : { id: row.id }) },
      {
        onSuccess: (saved) => {
          if (fromRowAction) focusDeleteOf(saved.id);
          if (row.id === null) setDrafts((all) => all.filter((d) => d.rowKey !== row.rowKey));
          else dropEdit(row.id);
          setMessage({
            status: 'success',
            text: row.id === null ? ADMIN_MESSAGES.overrideDefinitionCreated : ADMIN_MESSAGES.overrideDefinitionUpdated,
          });
        },
        onError: (error) => {
          // the row changed meanwhile: it shows the saved one again, and the message says why
          if (error instanceof ApiError && error.fieldMessages.expected_updated_at && row.id !== null) {
            dropEdit(row.id);
            void definitions.refetch();
          } else keepEdit(row);
          setMessage({ status: 'error', text: errorText(error, ADMIN_MESSAGES.saveOverrideDefinitionFailed) });
        },
      },
    );
  };

  const commitCell = (row: DefinitionRow, field: keyof DefinitionRow, value: string) => {
    const next = withCell(row, field, value);
    if (row.id === null) return setDrafts((all) => all.map((d) => (d.rowKey === row.rowKey ? next : d)));
    const problem = rowProblem(next);
    if (problem === null) return persist(next);
    keepEdit(next);
    setMessage({ status: 'error', text: problem });
  };

  const dropDraft = (row: DefinitionRow) => {
    focusLater('[data-add-override]');
    setDrafts((all) => all.filter((d) => d.rowKey !== row.rowKey));
  };

  const saveDraft = (row: DefinitionRow) => {
    // SPEC section 5: a new row with an empty key is discarded on save.
    if (!row.override_key.trim()) return dropDraft(row);
    persist(row, true);
  };

  // Add New Override, or a missing key picked: the focus goes on to the row's first cell (its key),
  // ready to edit, rather than staying behind on a chip above a row that may be far down the table.
  // A missing key picked twice is one row: the second would only fail as a duplicate on save.
  const addRow = (key = '') => {
    const keyCell = (row: DefinitionRow) => `[data-row-key="${row.rowKey}"] button`;
    const picked = key ? drafts.find((d) => d.override_key === key) : undefined;
    if (picked) return rootRef.current?.querySelector<HTMLElement>(keyCell(picked))?.focus();
    const row = newRow(key);
    focusLater(keyCell(row));
    setDrafts((all) => [...all, row]);
  };

  const toggleSort = (column: SortColumn) =>
    setSort((s) => ({ column, ascending: s.column === column ? !s.ascending : true }));

  const confirmDelete = (confirmPassword: string) => {
    if (deleting?.id == null) return;
    remove.mutate(
      { id: deleting.id, confirmPassword },
      {
        onSuccess: () => {
          confirm.deleted(() => rootRef.current);
          setMessage({ status: 'success', text: ADMIN_MESSAGES.overrideDefinitionDeleted });
        },
      },
    );
  };

  const cell = (row: DefinitionRow, field: keyof DefinitionRow, column: string, extra = {}) => (
    <EditableCell
      label={`${column} of ${row.override_key || 'new override'}`}
      value={String(row[field] ?? '')}
      disabled={save.isPending}
      onCommit={(value) => commitCell(row, field, value)}
      {...extra}
    />
  );

  return (
    <Stack gap={4} ref={rootRef} tabIndex={-1} outline="none">
      <MissingKeysBanner missing={missingKeys} onPick={addRow} />
      <FormMessage message={message} />
      <AdminListState query={definitions} failedText={ADMIN_MESSAGES.fetchOverrideDefinitionsFailed} empty={false}>
        <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg">
          <Table.Root size="sm" aria-label="Override definitions">
            <Table.Header>
              <Table.Row>
                {COLUMNS.map((col) => (
                  <Table.ColumnHeader
                    key={col.key}
                    aria-sort={sort.column === col.key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
                  >
                    <chakra.button
                      type="button"
                      font="inherit"
                      cursor="pointer"
                      whiteSpace="nowrap"
                      _hover={{ color: 'purple.fg' }}
                      onClick={() => toggleSort(col.key)}
                    >
                      {col.label}
                      {sort.column === col.key ? (sort.ascending ? ' ▲' : ' ▼') : ''}
                    </chakra.button>
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row
                  key={row.rowKey}
                  data-row-key={row.rowKey}
                  bg={row.id === null ? 'purple.subtle' : edits[row.id] ? 'orange.subtle' : undefined}
                >
                  <Table.Cell>
                    {row.id === null ? (
                      <Badge colorPalette="purple">New</Badge>
                    ) : edits[row.id] ? (
                      <HStack gap={1}>
                        {row.id}
                        <Badge colorPalette="orange">Unsaved</Badge>
                      </HStack>
                    ) : (
                      row.id
                    )}
                  </Table.Cell>
                  <Table.Cell maxW="14rem" overflowWrap="anywhere">
                    {cell(row, 'override_key', 'Key', { mono: true })}
                  </Table.Cell>
                  <Table.Cell maxW="14rem" overflowWrap="anywhere">
                    {cell(row, 'display_name', 'Display Name')}
                  </Table.Cell>
                  <Table.Cell maxW="xs" overflowWrap="anywhere">
                    {cell(row, 'description', 'Description', { editor: { kind: 'multiline' } })}
                  </Table.Cell>
                  <Table.Cell>
                    {cell(row, 'data_type', 'Data Type', { editor: { kind: 'select', options: OVERRIDE_DATA_TYPES } })}
                  </Table.Cell>
                  <Table.Cell maxW="14rem" overflowWrap="anywhere">
                    {cell(row, 'validation_rules', 'Validation Rules', { mono: true })}
                  </Table.Cell>
                  {/* a long category wraps: kept on one line it pushed the row's actions out of sight */}
                  <Table.Cell maxW="12rem" overflowWrap="anywhere">
                    {cell(row, 'category', 'Category')}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {row.id === null ? (
                      <RowSaveActions
                        rowName={row.override_key || 'new override'}
                        pending={save.isPending}
                        onSave={() => saveDraft(row)}
                        dropLabel="Cancel"
                        onDrop={() => dropDraft(row)}
                      />
                    ) : edits[row.id] ? (
                      <RowSaveActions
                        rowName={row.override_key}
                        pending={save.isPending}
                        onSave={() => persist(row, true)}
                        dropLabel="Discard"
                        onDrop={() => {
                          focusDeleteOf(row.id!);
                          dropEdit(row.id!);
                          setMessage(null);
                        }}
                      />
                    ) : (
                      <RowAction
                        danger
                        aria-label={`Delete ${row.override_key}`}
                        data-row-delete=""
                        onClick={() => {
                          remove.reset();
                          confirm.ask(row);
                        }}
                      >
                        Delete
                      </RowAction>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Button alignSelf="flex-start" variant="outline" bg="bg" data-add-override="" onClick={() => addRow()}>
          Add New Override
        </Button>
      </AdminListState>
      <PasswordConfirmDialog
        title="Delete override definition"
        description={`Delete ${deleting?.override_key ?? ''}? A definition that a slug workflow still uses cannot be deleted.`}
        open={confirm.open}
        finalFocusEl={confirm.finalFocusEl}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error, ADMIN_MESSAGES.deleteOverrideDefinitionFailed) : null}
        onConfirm={confirmDelete}
        onClose={confirm.cancel}
      />
    </Stack>
  );
}

/**
 * Save and Cancel (a new row) or Discard (an edit of a saved row that is not saved yet). Each is
 * named for its row, as Delete is: a screen reader moving through the table heard only "Save".
 */
function RowSaveActions({
  rowName,
  pending,
  onSave,
  dropLabel,
  onDrop,
}: {
  /** The row's key, or what stands for it in a new row that has none yet */
  rowName: string;
  pending: boolean;
  onSave: () => void;
  dropLabel: string;
  onDrop: () => void;
}) {
  return (
    <HStack justify="flex-end" gap={2}>
      <BusyButton size="xs" colorPalette="purple" aria-label={`Save ${rowName}`} loading={pending} onClick={onSave}>
        Save
      </BusyButton>
      <Button size="xs" variant="outline" aria-label={`${dropLabel} ${rowName}`} onClick={onDrop}>
        {dropLabel}
      </Button>
    </HStack>
  );
}
