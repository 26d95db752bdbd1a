import { Box, Grid, HStack, Image, Kbd, Stack, Text, VisuallyHidden, chakra } from '@chakra-ui/react';
import type { GalleryFolder } from '@atelier/shared';
import { formatCountOf } from '../../../lib/format';
import { isHeldActivation } from '../utils/key-actions';

const TileButton = chakra('button');

/** A folder in the tiles above the ungrouped media: its colour, name, counts and a few previews. */
export function FolderTile({ folder, onOpen }: { folder: GalleryFolder; onOpen: (name: string) => void }) {
  const previews = folder.preview_images.slice(0, 4);
  return (
    <TileButton
      type="button"
      data-folder-name={folder.name}
      // the name is cut to one line on the tile: the whole of it on hover
      title={folder.name}
      onClick={() => onOpen(folder.name)}
      onKeyDown={(event) => {
        if (isHeldActivation(event)) event.preventDefault();
      }}
      textAlign="left"
      bg="bg"
      borderWidth="1px"
      borderTopWidth="4px"
      rounded="l2"
      overflow="hidden"
      cursor="pointer"
      transition="box-shadow 0.15s"
      _hover={{ boxShadow: 'md' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'purple.solid' }}
      style={{ borderTopColor: folder.color }}
      minW={0}
    >
      <Grid templateColumns="repeat(2, 1fr)" gap="1px" bg="bg.muted" aspectRatio={2}>
        {previews.map((src) => (
          <Image key={src} src={src} alt="" loading="lazy" w="full" h="full" objectFit="cover" minH={0} />
        ))}
        {Array.from({ length: 4 - previews.length }, (_, i) => (
          <Box key={`blank-${i}`} bg="bg.muted" />
        ))}
      </Grid>
      <Stack gap={0.5} px={3} py={2}>
        <HStack justify="space-between" gap={2}>
          <HStack gap={2} minW={0}>
            <Box w={2.5} h={2.5} rounded="full" flexShrink={0} style={{ background: folder.color }} />
            <Text fontWeight="semibold" truncate>
              <VisuallyHidden>Open folder</VisuallyHidden> <bdi>{folder.name}</bdi>
            </Text>
          </HStack>
          {folder.hotkey && <Kbd size="sm">{folder.hotkey.toUpperCase()}</Kbd>}
        </HStack>
        <Text fontSize="xs" color="fg.muted">
          {formatCountOf(folder.image_count, 'image')} · {formatCountOf(folder.video_count, 'video')}
        </Text>
      </Stack>
    </TileButton>
  );
}
