import { Button, HStack, Input, SegmentGroup } from '@chakra-ui/react';
import { SEED_MAX, SEED_MIN } from '@atelier/shared';
import { RefreshIcon } from '../../../components/icons';
import type { ParamField } from '../utils/parameter-fields';
import { randomSeed, type SeedFormValue } from '../utils/parameter-values';
import { FieldShell } from './field-shell';

type SeedParamField = Extract<ParamField, { kind: 'seed' }>;

const MODES = [
  { value: 'random', label: 'Random' },
  { value: 'fixed', label: 'Fixed' },
];

/** SPEC section 4, Seed control: choosing random draws a new seed, Regenerate redraws in either mode. */
export function SeedField({
  field,
  value,
  error,
  onChange,
}: {
  field: SeedParamField;
  value: SeedFormValue;
  error?: string;
  onChange: (value: SeedFormValue) => void;
}) {
  const draw = () => String(randomSeed());
  const modeSwitch = (
    <SegmentGroup.Root
      // a finger needs more than the desktop's 24 px (WCAG 2.5.8 asks 24, phones' guidelines 40-48)
      size={{ base: 'md', md: 'xs' }}
      aria-label={`${field.label} mode`}
      value={value.mode}
      onValueChange={(details) =>
        onChange(details.value === 'random' ? { mode: 'random', seed: draw() } : { mode: 'fixed', seed: value.seed })
      }
    >
      <SegmentGroup.Indicator />
      <SegmentGroup.Items items={MODES} />
    </SegmentGroup.Root>
  );

  return (
    <FieldShell field={field} error={error} aside={modeSwitch}>
      <HStack gap={2} w="full">
        <Input
          flex={1}
          minW={0}
          type="number"
          inputMode="numeric"
          min={SEED_MIN}
          max={SEED_MAX}
          step={1}
          // In random mode each image gets its own seed; the one shown is only a starting point.
          readOnly={value.mode === 'random'}
          value={value.seed}
          onChange={(event) => onChange({ mode: value.mode, seed: event.target.value })}
        />
        <Button variant="outline" flexShrink={0} onClick={() => onChange({ mode: value.mode, seed: draw() })}>
          <RefreshIcon />
          Regenerate
        </Button>
      </HStack>
    </FieldShell>
  );
}
