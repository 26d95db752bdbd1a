import { Button, EmptyState, List, VStack } from '@chakra-ui/react';

/** SPEC section 2: an empty folder says so; any other empty view lists the filters that emptied it. */
export function GalleryEmptyState({
  emptyFolder,
  activeFilters,
  canClear,
  onClearFilters,
}: {
  /** A folder is open and nothing else narrows it. */
  emptyFolder: boolean;
  activeFilters: string[];
  /** Some filter other than the folder and the job is on. */
  canClear: boolean;
  onClearFilters: () => void;
}) {
  if (emptyFolder) {
    return (
      <EmptyState.Root bg="bg" borderWidth="1px" rounded="l3">
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>This folder is empty</EmptyState.Title>
            <EmptyState.Description>
              Move images here with the bulk actions (select, then Move to folder) or with this folder&apos;s hotkey in
              the gallery or the lightbox.
            </EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <EmptyState.Root bg="bg" borderWidth="1px" rounded="l3">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>No images match current filters</EmptyState.Title>
          {activeFilters.length > 0 && (
            <List.Root aria-label="Active filters" fontSize="sm" color="fg.muted" listStylePosition="inside">
              {activeFilters.map((filter) => (
                <List.Item key={filter}>{filter}</List.Item>
              ))}
            </List.Root>
          )}
        </VStack>
        {/* with nothing to clear (everything filed in folders, or no media yet) the button would do nothing */}
        {canClear && (
          <Button size="sm" variant="outline" onClick={onClearFilters}>
            Clear Filters
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
