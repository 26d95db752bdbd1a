import { Badge, Button, HStack, Stack, Table, Text, Wrap } from '@chakra-ui/react';
import type { Workflow } from '@atelier/shared';
import { useRef, useState } from 'react';
import { useConfirmedDelete } from '../../../components/use-confirmed-delete';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-error';
import { includesSearch } from '../../../lib/search-text';
import { useWorkflows } from '../../workflows/api/get-workflows';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useDeleteSlugWorkflow, useMissingSlugs } from '../api/slug-workflows';
import { AdminListState } from './admin-list-state';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MissingSlugsBanner } from './missing-slugs-banner';
import { SearchField } from './search-field';
import { RowAction } from '../../../components/row-action';

/** The create form, prefilled from a base workflow when one is named. */
export const newSlugHref = (slug?: string) =>
  slug ? `${paths.adminSlugWorkflowNew.href()}?slug=${encodeURIComponent(slug)}` : paths.adminSlugWorkflowNew.href();

/** SPEC section 2, Admin dashboard, tab 2: slug workflows, searchable by name or slug. */
export function SlugWorkflowsTab() {
  const workflows = useWorkflows();
  const missing = useMissingSlugs().data ?? [];
  const remove = useDeleteSlugWorkflow();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const confirm = useConfirmedDelete<Workflow>();
  const deleting = confirm.subject;
  // once deleted, the tab keeps the focus: the row's button is gone
  const rootRef = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const shown = (workflows.data ?? []).filter(
    (w) =>
      w.workflow_type === 'slug' && (includesSearch(w.name, search) || includesSearch(w.workflow_slug ?? '', search)),
  );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        confirm.deleted(() => rootRef.current);
        setMessage({ status: 'success', text: ADMIN_MESSAGES.slugWorkflowDeleted });
      },
    });
  };

  return (
    <Stack gap={4} ref={rootRef} tabIndex={-1} outline="none">
      <MissingSlugsBanner
        slugs={missing}
        title="Base workflows without a slug version"
        onPick={(slug) => void navigate(newSlugHref(slug))}
      />
      <HStack gap={3} wrap="wrap">
        <SearchField label="Search slug workflows" value={search} onChange={setSearch} />
        <Button asChild colorPalette="purple" ms="auto">
          <RouterLink to={newSlugHref()}>Create Slug Workflow</RouterLink>
        </Button>
      </HStack>
      <FormMessage message={message} />
      <AdminListState query={workflows} failedText={ADMIN_MESSAGES.fetchSlugWorkflowsFailed} empty={shown.length === 0}>
        <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg">
          <Table.Root size="sm" aria-label="Slug workflows">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Slug</Table.ColumnHeader>
                <Table.ColumnHeader>Category</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Overrides</Table.ColumnHeader>
                <Table.ColumnHeader>Tags</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((workflow) => (
                <Table.Row key={workflow.id}>
                  {/* a 200-character name, a 100-character slug or category wraps: kept on one line
                      they pushed the tags and the row's actions out of sight */}
                  <Table.Cell fontWeight="medium" minW="10rem" whiteSpace="normal" overflowWrap="anywhere">
                    {workflow.name}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" minW="8rem" whiteSpace="normal" overflowWrap="anywhere">
                    {workflow.workflow_slug}
                  </Table.Cell>
                  <Table.Cell minW="9rem" whiteSpace="normal" overflowWrap="anywhere">
                    {workflow.category}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{workflow.override_count}</Table.Cell>
                  {/* wide enough for a few tags a row, not one tag a line */}
                  <Table.Cell minW="14rem">
                    {workflow.tags.length ? (
                      <Wrap gap={1}>
                        {workflow.tags.map((tag) => (
                          <Badge key={tag} variant="subtle">
                            {tag}
                          </Badge>
                        ))}
                      </Wrap>
                    ) : (
                      <Text color="fg.muted">—</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack justify="flex-end" gap={2}>
                      <Button asChild size="xs" variant="outline" aria-label={`Edit ${workflow.name}`}>
                        <RouterLink to={paths.adminSlugWorkflowEdit.href(workflow.id)}>Edit</RouterLink>
                      </Button>
                      <RowAction
                        danger
                        aria-label={`Delete ${workflow.name}`}
                        onClick={() => {
                          remove.reset();
                          confirm.ask(workflow);
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
      <ConfirmDialog
        title="Delete slug workflow"
        open={confirm.open}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error, ADMIN_MESSAGES.deleteWorkflowFailed) : null}
        finalFocusEl={confirm.finalFocusEl}
        onConfirm={confirmDelete}
        onClose={confirm.cancel}
      >
        <Text>Are you sure you want to delete {deleting?.name}?</Text>
      </ConfirmDialog>
    </Stack>
  );
}
