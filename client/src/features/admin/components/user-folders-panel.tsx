import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { DEFAULT_FOLDER_COLOR, MESSAGES, type Folder } from '@atelier/shared';
import { useRef, useState, type FormEvent } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormMessage, type FormMessageValue } from '../../../components/form-message';
import { errorText } from '../../../lib/api-error';
import { ADMIN_MESSAGES } from '../admin-messages';
import { useDeleteUserFolder, useSaveUserFolder, useUserFolders } from '../api/user-folders';
import { AdminListState } from './admin-list-state';

/** A user's folders: create, edit, delete (its images become unfoldered). Hotkeys shown upper-case. */
export function UserFoldersPanel({ userId }: { userId: number }) {
  const folders = useUserFolders(userId);
  const save = useSaveUserFolder(userId);
  const remove = useDeleteUserFolder(userId);
  const [editing, setEditing] = useState<Folder | null>(null);
  const [name, setName] = useState('');
  const [hotkey, setHotkey] = useState('');
  const [color, setColor] = useState(DEFAULT_FOLDER_COLOR);
  const [confirming, setConfirming] = useState<Folder | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  // a message about the form's last folder (its name was missing, say) is not about the next one
  const reset = (folder: Folder | null) => {
    setMessage(null);
    setEditing(folder);
    setName(folder?.name ?? '');
    setHotkey(folder?.hotkey?.toUpperCase() ?? '');
    setColor(folder?.color ?? DEFAULT_FOLDER_COLOR);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) return setMessage({ status: 'error', text: MESSAGES.folderNameRequired });
    setMessage(null);
    save.mutate(
      { ...(editing ? { id: editing.id } : {}), name, hotkey: hotkey || null, color },
      {
        onSuccess: () => reset(null),
        onError: (error) => setMessage({ status: 'error', text: errorText(error, ADMIN_MESSAGES.saveFolderFailed) }),
      },
    );
  };

  const confirmDelete = (folder: Folder) =>
    remove.mutate(folder.id, {
      onSuccess: (result) => {
        setConfirming(null);
        // the form was this folder's: saved now it could only answer 'Folder not found'
        if (editing?.id === folder.id) reset(null);
        // its row and buttons are gone: the keyboard goes on from the folder form, not the page's start
        nameRef.current?.focus();
        setMessage({ status: 'success', text: `${result.message} (${result.images_unfoldered} images unfoldered)` });
      },
      onError: (error) => setMessage({ status: 'error', text: errorText(error, ADMIN_MESSAGES.deleteFolderFailed) }),
    });

  return (
    <Stack gap={4}>
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit folder' : 'Create folder'}>
        <HStack gap={2} align="flex-end" wrap="wrap">
          <Field.Root flex="1" minW="10rem" required>
            <Field.Label>Folder name</Field.Label>
            <Input ref={nameRef} value={name} onChange={(e) => setName(e.target.value)} />
          </Field.Root>
          <Field.Root w="5rem">
            <Field.Label>Hotkey</Field.Label>
            <Input value={hotkey} maxLength={1} onChange={(e) => setHotkey(e.target.value.toUpperCase())} />
          </Field.Root>
          <Field.Root w="4rem">
            <Field.Label>Colour</Field.Label>
            <Input type="color" p={1} value={color} onChange={(e) => setColor(e.target.value)} />
          </Field.Root>
          <BusyButton type="submit" colorPalette="purple" loading={save.isPending}>
            {editing ? 'Save Folder' : 'Create Folder'}
          </BusyButton>
          {editing && (
            <Button variant="outline" onClick={() => reset(null)}>
              Cancel
            </Button>
          )}
        </HStack>
      </form>
      <FormMessage message={message} />
      <AdminListState query={folders} failedText={ADMIN_MESSAGES.fetchFoldersFailed} empty={false}>
        {(folders.data ?? []).length === 0 ? (
          <Text color="fg.muted">{MESSAGES.noFoldersYet}</Text>
        ) : (
          <Stack gap={2} role="list" aria-label="Folders">
            {(folders.data ?? []).map((folder) => (
              <Stack key={folder.id} role="listitem" gap={2} p={2} borderWidth="1px" rounded="l2">
                <HStack gap={3}>
                  <Box w={3} h={3} rounded="full" bg={folder.color} flexShrink={0} />
                  <Text flex="1" fontWeight="medium">
                    {folder.name}
                  </Text>
                  {folder.hotkey && (
                    <Text as="kbd" fontFamily="mono" px={2} borderWidth="1px" rounded="l1" aria-label="Hotkey">
                      {folder.hotkey.toUpperCase()}
                    </Text>
                  )}
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Edit folder ${folder.name}`}
                    onClick={() => {
                      reset(folder);
                      // the form above is now this folder's: the keyboard goes to its name
                      nameRef.current?.focus();
                    }}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Delete folder ${folder.name}`}
                    data-delete-folder=""
                    onClick={() => setConfirming(folder)}
                  >
                    Delete
                  </Button>
                </HStack>
                {confirming?.id === folder.id && (
                  <HStack gap={2} wrap="wrap" role="alert">
                    <Text textStyle="sm" flex="1">
                      Delete {folder.name}? Its images will be unfoldered.
                    </Text>
                    <BusyButton
                      size="xs"
                      colorPalette="red"
                      loading={remove.isPending}
                      onClick={() => confirmDelete(folder)}
                    >
                      Confirm Delete
                    </BusyButton>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={(event) => {
                        // the question goes away with this button: back to the Delete that asked it
                        event.currentTarget
                          .closest('[role="listitem"]')
                          ?.querySelector<HTMLElement>('[data-delete-folder]')
                          ?.focus();
                        setConfirming(null);
                      }}
                    >
                      Cancel
                    </Button>
                  </HStack>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </AdminListState>
    </Stack>
  );
}
