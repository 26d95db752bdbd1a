import { CloseButton, Dialog, Portal, Separator, Spinner, Stack } from '@chakra-ui/react';
import type { GalleryFolder } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { foldersQueryOptions, useFolders } from '../api/get-folders';
import { FolderForm } from './folder-form';
import { FolderList } from './folder-list';

/** SPEC section 2, 'Manage Folders': create, edit and delete the caller's folders. */
export function FolderManagerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const folders = useFolders();
  // read only while the dialog is open: the delete question counts the archived media too
  const archived = useQuery({ ...foldersQueryOptions({ status: 'archived' }), enabled: open });
  const [editing, setEditing] = useState<GalleryFolder | null>(null);
  const list = folders.data ?? [];

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (details.open) return;
        setEditing(null);
        onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Manage Folders</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={5}>
                <FolderForm
                  key={editing?.id ?? 'new'}
                  folders={list}
                  editing={editing}
                  onDone={() => setEditing(null)}
                />
                <Separator />
                {folders.isPending ? (
                  <Spinner mx="auto" />
                ) : (
                  <FolderList folders={list} archived={archived.data} onEdit={setEditing} />
                )}
              </Stack>
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
