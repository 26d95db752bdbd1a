import { SimpleGrid } from '@chakra-ui/react';
import { GALLERY_FOLDER_GRID_MAX_COLUMNS, type GalleryFolder } from '@atelier/shared';
import { FolderTile } from './folder-tile';

/** SPEC section 2: the folder tiles, in a grid of up to 5 columns. */
export function FolderTiles({
  folders,
  onOpen,
}: {
  folders: readonly GalleryFolder[];
  onOpen: (name: string) => void;
}) {
  if (folders.length === 0) return null;
  return (
    <SimpleGrid
      as="nav"
      aria-label="Folders"
      columns={{ base: 2, sm: 3, md: 4, lg: GALLERY_FOLDER_GRID_MAX_COLUMNS }}
      gap={3}
    >
      {folders.map((folder) => (
        <FolderTile key={folder.id} folder={folder} onOpen={onOpen} />
      ))}
    </SimpleGrid>
  );
}
