import { HStack, Kbd, Text, Wrap } from '@chakra-ui/react';
import { HOTKEY_PANEL_FOLDERS, type GalleryFolder } from '@atelier/shared';

/** SPEC section 9: the keys of the lightbox, with the first 8 folders' hotkeys. */
export function LightboxHotkeyPanel({ folders }: { folders: readonly GalleryFolder[] }) {
  const shown = folders.slice(0, HOTKEY_PANEL_FOLDERS);
  return (
    <Wrap gap={3} fontSize="xs" color="whiteAlpha.800" role="group" aria-label="Hotkeys" justify="center">
      {shown.map((folder) => (
        <HStack key={folder.id} gap={1}>
          {folder.hotkey && <Kbd size="sm">{folder.hotkey.toUpperCase()}</Kbd>}
          <Text style={{ color: folder.color }} fontWeight="semibold">
            {folder.name}
          </Text>
        </HStack>
      ))}
      <HStack gap={1}>
        <Kbd size="sm">U</Kbd>
        <Text>remove from folder</Text>
      </HStack>
      <HStack gap={1}>
        <Kbd size="sm">Del</Kbd>
        <Text>archive</Text>
      </HStack>
      <HStack gap={1}>
        <Kbd size="sm">0</Kbd>
        <Text>reset zoom</Text>
      </HStack>
      <HStack gap={1}>
        <Kbd size="sm">Esc</Kbd>
        <Text>close</Text>
      </HStack>
    </Wrap>
  );
}
