import { Alert, Box, Button, HStack, Kbd, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, type GalleryFolder } from '@atelier/shared';
import { errorText } from '../../../lib/api-error';
import { useDeleteFolder } from '../api/save-folder';

/** The folders of the manager dialog, each with Edit and Delete; deleting keeps the media, ungrouped. */
export function FolderList({
  folders,
  onEdit,
}: {
  folders: readonly GalleryFolder[];
  onEdit: (f: GalleryFolder) => void;
}) {
  const remove = useDeleteFolder();
  if (folders.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py={4}>
        {MESSAGES.noFoldersYet}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {remove.isError && (
        <Alert.Root status="error" role="alert" size="sm">
          <Alert.Indicator />
          <Alert.Title>{errorText(remove.error, MESSAGES.deleteFolderFailed)}</Alert.Title>
        </Alert.Root>
      )}
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
            <Text flex={1} minW={0} truncate fontWeight="medium">
              {folder.name}
            </Text>
            {folder.hotkey ? <Kbd size="sm">{folder.hotkey.toUpperCase()}</Kbd> : null}
            <Text fontSize="xs" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
              {folder.image_count + folder.video_count} items
            </Text>
            <Button size="xs" variant="outline" onClick={() => onEdit(folder)}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              loading={remove.isPending && remove.variables === folder.id}
              onClick={() => remove.mutate(folder.id)}
            >
              Delete
            </Button>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
