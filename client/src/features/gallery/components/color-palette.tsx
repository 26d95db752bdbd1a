import { HStack, chakra } from '@chakra-ui/react';
import { FOLDER_COLORS } from '@atelier/shared';

const Swatch = chakra('button');

/** The 12 folder colours (SPEC section 9) as one radio group; #3B82F6 comes first and is the default. */
export function ColorPalette({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <HStack role="radiogroup" aria-label="Colour" gap={1.5} wrap="wrap">
      {FOLDER_COLORS.map((color) => {
        const checked = color.toLowerCase() === value.toLowerCase();
        return (
          <Swatch
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={color}
            title={color}
            w={7}
            h={7}
            rounded="full"
            cursor="pointer"
            borderWidth="3px"
            borderColor={checked ? 'fg' : 'transparent'}
            boxShadow="inset 0 0 0 2px white"
            style={{ background: color }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'purple.solid', outlineOffset: '2px' }}
            onClick={() => onChange(color)}
          />
        );
      })}
    </HStack>
  );
}
