import { Kbd, Text } from '@chakra-ui/react';

/** SPEC section 2, Gallery: the hint line of mouse and keyboard actions. */
export function GalleryHint() {
  return (
    <Text fontSize="xs" color="fg.muted" lineHeight="tall" data-testid="gallery-hint">
      Click to view full size · <Kbd size="sm">Ctrl</Kbd>+click to multi-select · <Kbd size="sm">Ctrl</Kbd>+
      <Kbd size="sm">A</Kbd> select all · <Kbd size="sm">Escape</Kbd> clear selection · arrows <Kbd size="sm">←</Kbd>{' '}
      <Kbd size="sm">→</Kbd> navigate the lightbox · mouse wheel zooms · <Kbd size="sm">Delete</Kbd> archives ·{' '}
      <Kbd size="sm">1-9</Kbd> and <Kbd size="sm">A-Z</Kbd> move to folders · <Kbd size="sm">?</Kbd> all shortcuts
    </Text>
  );
}
