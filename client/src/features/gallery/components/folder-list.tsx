import { Box, Button, HStack, Kbd, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, type GalleryFolder } from '@atelier/shared';
import { useRef } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmedDelete } from '../../../components/use-confirmed-delete';
import { errorText } from '../../../lib/api-error';
import { formatCountOf } from '../../../lib/format';
import { useDeleteFolder } from '../api/save-folder';
import { RowAction } from '../../../components/row-action';

/**
 * The folders of the manager dialog, each with Edit and Delete. A delete asks first, as the admin's
 * user-folder delete does (the sorting is lost, the media stay, ungrouped); focus then goes to the
 * next folder's Delete, or the previous one's, or the list's place when none is left.
 */
export function FolderList({
  folders,
  archived,
  onEdit,
}: {
  folders: readonly GalleryFolder[];
  /**
   * The same folders counted over archived media (undefined until read): deleting a folder
   * unfolders those too, so the question counts them.
   */
  archived?: readonly GalleryFolder[];
  onEdit: (f: GalleryFolder) => void;
}) {
  const remove = useDeleteFolder();
  const confirm = useConfirmedDelete<GalleryFolder>();
  const { subject } = confirm;
  const rootRef = useRef<HTMLDivElement>(null);

  const confirmDelete = () => {
    if (!subject) return;
    const index = folders.findIndex((folder) => folder.id === subject.id);
    const neighbour = folders[index + 1] ?? folders[index - 1];
    const root = () => rootRef.current;
    const neighbourDelete = () =>
      root()?.querySelector<HTMLElement>(`[data-delete-folder="${neighbour?.id}"]`) ?? root();
    remove.mutate(subject.id, { onSuccess: () => confirm.deleted(neighbour ? neighbourDelete : root) });
  };

  return (
    <Stack gap={2} ref={rootRef} tabIndex={-1} outline="none">
      {folders.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py={4}>
          {MESSAGES.noFoldersYet}
        </Text>
      ) : (
        <Stack
          as="ul"
          listStyleType="none"
          gap={0}
          borderWidth="1px"
          rounded="l2"
          divideY="1px"
          aria-label="Your folders"
        >
          {folders.map((folder) => (
            <HStack as="li" key={folder.id} px={3} py={2} gap={3} aria-label={folder.name}>
              <Box w={3} h={3} rounded="full" flexShrink={0} style={{ background: folder.color }} />
              <Text flex={1} minW={0} truncate fontWeight="medium" title={folder.name} dir="auto">
                {folder.name}
              </Text>
              {folder.hotkey ? <Kbd size="sm">{folder.hotkey.toUpperCase()}</Kbd> : null}
              <Text fontSize="xs" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
                {formatCountOf(folder.image_count + folder.video_count, 'item')}
              </Text>
              <Button size="xs" variant="outline" onClick={() => onEdit(folder)}>
                Edit
              </Button>
              <RowAction
                danger
                data-delete-folder={folder.id}
                onClick={() => {
                  remove.reset();
                  confirm.ask(folder);
                }}
              >
                Delete
              </RowAction>
            </HStack>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        title="Delete folder"
        open={confirm.open}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error, MESSAGES.deleteFolderFailed) : null}
        onConfirm={confirmDelete}
        onClose={confirm.cancel}
        finalFocusEl={confirm.finalFocusEl}
      >
        <Text>{subject && deleteQuestion(subject, archivedCount(archived, subject.id))}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function archivedCount(archived: readonly GalleryFolder[] | undefined, id: number): number | undefined {
  if (!archived) return undefined;
  const folder = archived.find((f) => f.id === id);
  return folder ? folder.image_count + folder.video_count : 0;
}

/** The items counted beside each folder are its active ones; its archived media lose the folder too. */
function deleteQuestion(folder: GalleryFolder, archived: number | undefined): string {
  const items = folder.image_count + folder.video_count;
  const parts: string[] = [];
  if (items > 0) parts.push(formatCountOf(items, 'item'));
  if (archived) parts.push(formatCountOf(archived, 'archived item'));
  if (parts.length === 0)
    return archived === 0 ? `Delete ${folder.name}? It is empty.` : `Delete ${folder.name}? It has no active media.`;
  return `Delete ${folder.name}? Its ${parts.join(' and ')} will be unfoldered (kept, ungrouped).`;
}
