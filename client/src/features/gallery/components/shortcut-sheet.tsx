import { Box, CloseButton, Dialog, HStack, Heading, Kbd, Portal, Stack, Table } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { isTextField } from '../../../lib/text-field';
import { FOLDER_HOTKEY_KEYS, GRID_SHORTCUTS, LIGHTBOX_SHORTCUTS, type Shortcut } from '../utils/key-actions';

const KEY_NAMES: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Home: 'Home',
  End: 'End',
  PageUp: 'Page Up',
  PageDown: 'Page Down',
  Escape: 'Esc',
  Delete: 'Delete',
  Backspace: 'Backspace',
};

/** The keys as a person reads them: one per spelling (u and U are one key), arrows as arrows. */
export function keyLabels(keys: readonly string[]): string[] {
  const labels = keys.map((key) =>
    key
      .split('+')
      .map((part) => KEY_NAMES[part] ?? part.toUpperCase())
      .join('+'),
  );
  return [...new Set(labels)];
}

const FOLDER_ROW: Shortcut<'move'> = { keys: FOLDER_HOTKEY_KEYS, type: 'move', does: '' };

/** The grid's own keys (handled by its tiles, not the table): see useRovingTiles. */
const GRID_MOVES: Shortcut<'focus'> = {
  keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'],
  type: 'focus',
  does: 'Move between items (Enter opens one, Tab goes on to its Select box, Space there selects)',
};

const SECTIONS = [
  {
    title: 'Gallery',
    rows: [
      GRID_MOVES,
      ...GRID_SHORTCUTS,
      { ...FOLDER_ROW, does: 'Move the selected items to the folder with that hotkey' },
    ],
  },
  {
    title: 'Lightbox',
    rows: [...LIGHTBOX_SHORTCUTS, { ...FOLDER_ROW, does: 'Move the item to the folder with that hotkey' }],
  },
] as const;

/** `?` anywhere but in a text field (or where a page takes the key) opens the sheet of gallery and lightbox shortcuts. */
export function ShortcutSheet() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // taken already (the Generate dashboard types every printable key into its workflow search)
      if (event.defaultPrevented) return;
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isTextField(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={4}>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Keyboard shortcuts</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap={5}>
                {SECTIONS.map((section) => (
                  <Box key={section.title} as="section" aria-labelledby={`shortcuts-${section.title}`}>
                    <Heading as="h3" size="sm" mb={2} id={`shortcuts-${section.title}`}>
                      {section.title}
                    </Heading>
                    <Table.Root size="sm" aria-labelledby={`shortcuts-${section.title}`}>
                      <Table.Body>
                        {section.rows.map((row) => (
                          <Table.Row key={row.does}>
                            <Table.Cell width="40%">
                              <HStack gap={1} wrap="wrap">
                                {keyLabels(row.keys).map((label) => (
                                  <Kbd key={label}>{label}</Kbd>
                                ))}
                              </HStack>
                            </Table.Cell>
                            <Table.Cell>{row.does}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Box>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close keyboard shortcuts" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
