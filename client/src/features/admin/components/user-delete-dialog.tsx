import { List, Spinner, Text } from '@chakra-ui/react';
import type { AdminUser } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../lib/api-error';
import { formatCountOf } from '../../../lib/format';
import { ADMIN_MESSAGES } from '../admin-messages';
import { userDeletePreviewQueryOptions, type useDeleteUser } from '../api/admin-users';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Deleting a user shows what goes with them: jobs, folders, configs and favourites (SPEC section 5). */
export function UserDeleteDialog({
  user,
  remove,
  open,
  finalFocusEl,
  onClose,
  onDeleted,
}: {
  user: AdminUser;
  /** The tab's delete, reset there when a delete is asked for. */
  remove: ReturnType<typeof useDeleteUser>;
  open: boolean;
  finalFocusEl: () => HTMLElement | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  // the dialog stays mounted while it closes: a deleted user's counts are not asked for again
  const preview = useQuery({ ...userDeletePreviewQueryOptions(user.id), enabled: open });
  const counts = preview.data;

  return (
    <ConfirmDialog
      title="Delete user"
      open={open}
      finalFocusEl={finalFocusEl}
      pending={remove.isPending}
      error={remove.isError ? errorText(remove.error, ADMIN_MESSAGES.deleteUserFailed) : null}
      onConfirm={() => remove.mutate(user.id, { onSuccess: (r) => onDeleted(`User ${r.username} deleted`) })}
      onClose={onClose}
    >
      <Text>Are you sure you want to delete {user.username}? This also removes:</Text>
      {counts ? (
        <List.Root ps={5} aria-label="Removed with the user">
          <List.Item>{formatCountOf(counts.jobs, 'job')}</List.Item>
          <List.Item>{formatCountOf(counts.folders, 'folder')}</List.Item>
          <List.Item>{formatCountOf(counts.configs, 'config')}</List.Item>
          <List.Item>{formatCountOf(counts.favorites, 'favourite')}</List.Item>
        </List.Root>
      ) : preview.isError ? (
        <Text color="fg.error">
          {errorText(preview.error, 'Could not count them')}: its jobs, folders, configs and favourites.
        </Text>
      ) : (
        <Spinner size="sm" role="status" aria-label="Loading" />
      )}
    </ConfirmDialog>
  );
}
