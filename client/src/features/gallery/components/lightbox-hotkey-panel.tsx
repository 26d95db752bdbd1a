import { HStack, Kbd, NativeSelect, Text, VisuallyHidden, Wrap, chakra } from '@chakra-ui/react';
import { HOTKEY_PANEL_FOLDERS, type GalleryFolder } from '@atelier/shared';
import { sameFolderName } from '../utils/folder-names';
import { lightboxTakesHotkey } from '../utils/key-actions';

const Chip = chakra('button', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 1,
    minH: 8,
    px: 2,
    rounded: 'md',
    cursor: 'pointer',
    _hover: { bg: 'whiteAlpha.200' },
    _disabled: { opacity: 0.5, cursor: 'default', _hover: { bg: 'transparent' } },
    focusRing: 'outside',
  },
});

/**
 * SPEC section 9: the keys of the lightbox, with the first 8 folders' hotkeys. Each folder is also
 * a button, and a list reaches every folder: a phone has no keys, and a folder may have none.
 */
export function LightboxHotkeyPanel({
  folders,
  currentFolder,
  onMove,
}: {
  folders: readonly GalleryFolder[];
  currentFolder: string | null;
  onMove: (folder: GalleryFolder | null) => void;
}) {
  const shown = folders.slice(0, HOTKEY_PANEL_FOLDERS);
  const isCurrent = (folder: GalleryFolder) => sameFolderName(folder.name, currentFolder);
  return (
    <Wrap
      gap={2}
      fontSize="xs"
      color="whiteAlpha.800"
      role="group"
      aria-label="Hotkeys"
      justify="center"
      align="center"
    >
      {shown.map((folder) => (
        // named by its visible text with 'Move to' before it (WCAG 2.5.3: the key and name shown are in the name)
        // aria-disabled, not disabled: moving the item here often makes the next one's button the
        // current folder's, and a disabled button would drop the focus to the page (then Tab reaches Archive)
        <Chip key={folder.id} type="button" aria-disabled={isCurrent(folder)} onClick={() => onMove(folder)}>
          <VisuallyHidden>Move to </VisuallyHidden>
          {/* a key the lightbox keeps does something else here: showing it would promise this move */}
          {folder.hotkey && !lightboxTakesHotkey(folder.hotkey) && (
            <Kbd size="sm">{folder.hotkey.toUpperCase()}</Kbd>
          )}{' '}
          <Text as="span" style={{ color: folder.color }} fontWeight="semibold" dir="auto">
            {folder.name}
          </Text>
        </Chip>
      ))}
      {folders.length > HOTKEY_PANEL_FOLDERS && (
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field
            aria-label="Move to another folder"
            value=""
            bg="gray.900"
            color="white"
            onChange={(event) => {
              const folder = folders.find((f) => String(f.id) === event.target.value);
              if (folder) onMove(folder);
            }}
          >
            <option value="">More folders…</option>
            {folders.slice(HOTKEY_PANEL_FOLDERS).map((folder) => (
              <option key={folder.id} value={folder.id} disabled={isCurrent(folder)}>
                {folder.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator color="white" />
        </NativeSelect.Root>
      )}
      <Chip type="button" aria-disabled={currentFolder === null} onClick={() => onMove(null)}>
        <Kbd size="sm">U</Kbd>
        <Text as="span">remove from folder</Text>
      </Chip>
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
