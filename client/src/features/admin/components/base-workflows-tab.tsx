import { Button, HStack, Stack, Table } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useConfirmedDelete } from '../../../components/use-confirmed-delete';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { errorText } from '../../../lib/api-error';
import { includesSearch } from '../../../lib/search-text';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useBaseWorkflows, useDeleteBaseWorkflow } from '../api/base-workflows';
import { AdminListState } from './admin-list-state';
import { BaseWorkflowEditorDialog } from './base-workflow-editor-dialog';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { SearchField } from './search-field';
import { RowAction } from '../../../components/row-action';
import { useKeptDraft } from '../../auth/hooks/use-session-draft';
import { BASE_WORKFLOW_DRAFT, baseWorkflowDraft, type BaseWorkflowDraft } from '../utils/base-workflow-draft';

type Editing = { filename: string | null; draft?: BaseWorkflowDraft } | null;

// a file of a few bytes is not '0.0 KB', which reads as empty
const kilobytes = (bytes: number) => `${(bytes > 0 ? Math.max(0.1, bytes / 1024) : 0).toFixed(1)} KB`;

/** SPEC section 2, Admin dashboard, tab 1: the repository's base workflow files. */
export function BaseWorkflowsTab() {
  const files = useBaseWorkflows();
  const remove = useDeleteBaseWorkflow();
  const [search, setSearch] = useState('');
  // an edit the server's end of the session interrupted opens again as it was
  const kept = baseWorkflowDraft(useKeptDraft(BASE_WORKFLOW_DRAFT));
  const [editing, setEditing] = useState<Editing>(() => (kept ? { filename: kept.filename, draft: kept } : null));
  const confirm = useConfirmedDelete<string>();
  // once deleted, the tab keeps the focus: the row's button is gone
  const rootRef = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const shown = (files.data ?? []).filter((file) => includesSearch(file.name, search));

  const confirmDelete = (confirmPassword: string) => {
    if (!confirm.subject) return;
    remove.mutate(
      { filename: confirm.subject, confirmPassword },
      {
        onSuccess: (change) => {
          confirm.deleted(() => rootRef.current);
          // the server's words: they also say when the deletion could not be pushed to the remote
          setMessage({ status: 'success', text: change.message || ADMIN_MESSAGES.baseWorkflowDeleted });
        },
      },
    );
  };

  return (
    <Stack gap={4} ref={rootRef} tabIndex={-1} outline="none">
      <HStack gap={3} wrap="wrap">
        <SearchField label="Search base workflows" value={search} onChange={setSearch} />
        <Button colorPalette="purple" ms="auto" onClick={() => setEditing({ filename: null })}>
          Create New Workflow
        </Button>
      </HStack>
      <FormMessage message={message} />
      <AdminListState query={files} failedText={ADMIN_MESSAGES.fetchBaseWorkflowsFailed} empty={shown.length === 0}>
        <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg">
          <Table.Root size="sm" aria-label="Base workflows">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Size</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((file) => (
                <Table.Row key={file.name}>
                  <Table.Cell fontFamily="mono">{file.name}</Table.Cell>
                  <Table.Cell textAlign="end">{kilobytes(file.size)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack justify="flex-end" gap={2}>
                      <RowAction aria-label={`Edit ${file.name}`} onClick={() => setEditing({ filename: file.name })}>
                        Edit
                      </RowAction>
                      <RowAction
                        danger
                        aria-label={`Delete ${file.name}`}
                        onClick={() => {
                          remove.reset();
                          confirm.ask(file.name);
                        }}
                      >
                        Delete
                      </RowAction>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </AdminListState>
      {editing && (
        <BaseWorkflowEditorDialog
          key={editing.filename ?? 'new'}
          filename={editing.filename}
          draft={editing.draft}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage({ status: 'success', text });
          }}
        />
      )}
      <PasswordConfirmDialog
        title="Delete base workflow"
        description={`Delete ${confirm.subject ?? ''}? The deletion is committed to the repository.`}
        open={confirm.open}
        finalFocusEl={confirm.finalFocusEl}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error, ADMIN_MESSAGES.deleteWorkflowFailed) : null}
        onConfirm={confirmDelete}
        onClose={confirm.cancel}
      />
    </Stack>
  );
}
