import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { API_KEY_DISPLAY_LENGTH, type AdminUser, type Role } from '@atelier/shared';
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { useConfirmedDelete } from '../../../components/use-confirmed-delete';
import { currentUserAtom, isSuperAdminAtom } from '../../auth/atoms/session-atom';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { formatCount } from '../../../lib/format';
import { formatDate } from '../../../lib/format-date';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useAdminUsers, useDeleteUser } from '../api/admin-users';
import { AdminListState } from './admin-list-state';
import { UserDeleteDialog } from './user-delete-dialog';
import { UserFormDialog } from './user-form-dialog';
import { UserManageDialog } from './user-manage-dialog';
import { RowAction } from '../../../components/row-action';

const ROLE_COLORS: Record<Role, string> = { user: 'gray', admin: 'blue', super_admin: 'purple' };

type Open = { kind: 'form'; user: AdminUser | null } | { kind: 'manage'; user: AdminUser } | null;

/** SPEC section 2, Admin dashboard, tab 4. */
export function UsersTab() {
  const users = useAdminUsers();
  const [open, setOpen] = useState<Open>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const confirm = useConfirmedDelete<AdminUser>();
  const remove = useDeleteUser();
  // an admin may see a super admin here but not change one (the server answers 403)
  const viewerIsSuper = useAtomValue(isSuperAdminAtom);
  const mayChange = (user: AdminUser) => viewerIsSuper || user.role !== 'super_admin';
  // nobody deletes themselves (the server answers 400): no Delete that could only fail
  const viewerId = useAtomValue(currentUserAtom)?.id;
  // once a user is deleted, the tab keeps the focus: the row's button is gone
  const rootRef = useRef<HTMLDivElement>(null);
  const done = (text: string) => {
    setOpen(null);
    setMessage({ status: 'success', text });
  };
  const list = users.data ?? [];

  return (
    <Stack gap={4} ref={rootRef} tabIndex={-1} outline="none">
      <HStack>
        <Button colorPalette="purple" ms="auto" onClick={() => setOpen({ kind: 'form', user: null })}>
          Create User
        </Button>
      </HStack>
      <FormMessage message={message} />
      <AdminListState query={users} failedText={ADMIN_MESSAGES.fetchUsersFailed} empty={list.length === 0}>
        <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg">
          <Table.Root size="sm" aria-label="Users">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Username</Table.ColumnHeader>
                <Table.ColumnHeader>Email</Table.ColumnHeader>
                <Table.ColumnHeader>Role</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Jobs</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Folders</Table.ColumnHeader>
                <Table.ColumnHeader>Created</Table.ColumnHeader>
                <Table.ColumnHeader>API Key</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((user) => (
                <Table.Row key={user.id}>
                  {/* a 200-character name or a long email wraps instead of pushing the actions out of sight */}
                  <Table.Cell fontWeight="medium" whiteSpace="normal" overflowWrap="anywhere">
                    {user.username}
                  </Table.Cell>
                  {/* room for a usual address on one line, however long another row's name */}
                  <Table.Cell minW="16rem" whiteSpace="normal" overflowWrap="anywhere">
                    {user.email}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={ROLE_COLORS[user.role]}>{user.role}</Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(user.job_count)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(user.folder_count)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(user.created_at)}</Table.Cell>
                  <Table.Cell fontFamily="mono">
                    {user.eok_api_key ? (
                      // the server sends at most the first 12 characters: fewer means the whole key
                      `${user.eok_api_key.slice(0, API_KEY_DISPLAY_LENGTH)}${user.eok_api_key.length >= API_KEY_DISPLAY_LENGTH ? '...' : ''}`
                    ) : (
                      <Text as="span" color="fg.muted" fontFamily="body">
                        Not set
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {!mayChange(user) ? (
                      <Text as="span" color="fg.muted" textStyle="xs" whiteSpace="nowrap">
                        Super admins only
                      </Text>
                    ) : (
                      <HStack justify="flex-end" gap={2}>
                        <RowAction
                          aria-label={`Manage ${user.username}`}
                          onClick={() => setOpen({ kind: 'manage', user })}
                        >
                          Manage
                        </RowAction>
                        <RowAction aria-label={`Edit ${user.username}`} onClick={() => setOpen({ kind: 'form', user })}>
                          Edit
                        </RowAction>
                        {user.id !== viewerId && (
                          <RowAction
                            danger
                            aria-label={`Delete ${user.username}`}
                            onClick={() => {
                              // a refusal was about the delete asked then, not this one
                              remove.reset();
                              confirm.ask(user);
                            }}
                          >
                            Delete
                          </RowAction>
                        )}
                      </HStack>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </AdminListState>
      {open?.kind === 'form' && <UserFormDialog user={open.user} onClose={() => setOpen(null)} onSaved={done} />}
      {open?.kind === 'manage' && <UserManageDialog user={open.user} onClose={() => setOpen(null)} />}
      {confirm.subject && (
        <UserDeleteDialog
          user={confirm.subject}
          remove={remove}
          open={confirm.open}
          finalFocusEl={confirm.finalFocusEl}
          onClose={confirm.cancel}
          onDeleted={(text) => {
            confirm.deleted(() => rootRef.current);
            setMessage({ status: 'success', text });
          }}
        />
      )}
    </Stack>
  );
}
