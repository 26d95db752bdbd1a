import { CloseButton, Dialog, Portal, Tabs } from '@chakra-ui/react';
import type { AdminUser } from '@atelier/shared';
import { UserFoldersPanel } from './user-folders-panel';
import { WorkflowPermissionsPanel } from './workflow-permissions-panel';

/** Manage: a user's workflow permissions and folders (SPEC section 2, User Management). */
export function UserManageDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      // from the top, not centred: the two tabs differ in height, and a centred dialog moved its
      // tabs (away from the pointer that had just pressed one) on each switch
      placement="top"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Manage {user.username}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue="permissions" variant="enclosed" colorPalette="purple" lazyMount>
                <Tabs.List mb={4}>
                  <Tabs.Trigger value="permissions">Workflow Permissions</Tabs.Trigger>
                  <Tabs.Trigger value="folders">Folders</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="permissions">
                  <WorkflowPermissionsPanel user={user} />
                </Tabs.Content>
                <Tabs.Content value="folders">
                  <UserFoldersPanel userId={user.id} />
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
