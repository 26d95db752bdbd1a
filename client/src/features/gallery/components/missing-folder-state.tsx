import { Button, EmptyState, VStack } from '@chakra-ui/react';

/**
 * The address names a folder the user does not have (a bookmark or a shared link to one since
 * deleted or renamed): said plainly, with the way back to the gallery, rather than an empty folder.
 */
export function MissingFolderState({ folder, onLeave }: { folder: string; onLeave: () => void }) {
  return (
    <EmptyState.Root bg="bg" borderWidth="1px" rounded="l3">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title overflowWrap="anywhere">Folder &quot;{folder}&quot; no longer exists</EmptyState.Title>
          <EmptyState.Description>It may have been renamed or deleted.</EmptyState.Description>
        </VStack>
        <Button size="sm" variant="outline" onClick={onLeave}>
          Go to Gallery
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
