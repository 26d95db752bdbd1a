import { HStack, chakra } from '@chakra-ui/react';
import { FOLDER_COLORS } from '@atelier/shared';
import type { KeyboardEvent } from 'react';

const Swatch = chakra('button');

/** What a screen reader says for each colour: its hex code tells a listener nothing. */
const COLOR_NAMES: Record<(typeof FOLDER_COLORS)[number], string> = {
  '#3B82F6': 'Blue',
  '#EF4444': 'Red',
  '#F97316': 'Orange',
  '#F59E0B': 'Amber',
  '#EAB308': 'Yellow',
  '#22C55E': 'Green',
  '#10B981': 'Emerald',
  '#06B6D4': 'Cyan',
  '#6366F1': 'Indigo',
  '#8B5CF6': 'Violet',
  '#EC4899': 'Pink',
  '#64748B': 'Slate',
};

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The colour an arrow, Home or End key picks from `index` (wrapping round, as radio groups do), or null. */
function paletteKeyTarget(key: string, index: number, count: number): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const step = STEP[key];
  return step === undefined ? null : (index + step + count) % count;
}

/**
 * The 12 folder colours (SPEC section 9) as one radio group; #3B82F6 comes first and is the default.
 * As a radio group it is one Tab stop (the chosen colour) and the arrow keys choose.
 */
export function ColorPalette({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const chosen = FOLDER_COLORS.findIndex((color) => color.toLowerCase() === value.toLowerCase());
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const next = paletteKeyTarget(event.key, index, FOLDER_COLORS.length);
    const color = next === null ? undefined : FOLDER_COLORS[next];
    if (color === undefined) return;
    event.preventDefault();
    onChange(color);
    event.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-color="${color}"]`)?.focus();
  };
  return (
    <HStack role="radiogroup" aria-label="Colour" gap={1.5} wrap="wrap">
      {FOLDER_COLORS.map((color, index) => {
        const checked = index === chosen;
        return (
          <Swatch
            key={color}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={COLOR_NAMES[color]}
            title={`${COLOR_NAMES[color]} (${color})`}
            data-color={color}
            tabIndex={checked || (chosen === -1 && index === 0) ? 0 : -1}
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
            onKeyDown={(event) => onKeyDown(event, index)}
          />
        );
      })}
    </HStack>
  );
}
