import { Badge, Box, Checkbox, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { overrideStep } from '@atelier/shared';
import { useEffect, useRef } from 'react';
import type { OverrideItem } from '../utils/slug-form';
import { RowAction } from '../../../components/row-action';

/** The overrides a slug workflow exposes, in order (SPEC section 2, Slug workflow editor). */
export function OverrideList({
  items,
  onChange,
  onMove,
  onRemove,
}: {
  items: OverrideItem[];
  onChange: (index: number, item: OverrideItem) => void;
  onMove: (index: number, step: -1 | 1) => void;
  onRemove: (index: number) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  // Remove takes its own button away: the focus goes to the Remove of the override that took its
  // place (or of the new last one), or to the empty-list text, not back to the page's start.
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const removes = container.current?.querySelectorAll<HTMLElement>('[data-remove-override]') ?? [];
    const next =
      removes.length > 0 ? removes[Math.min(index, removes.length - 1)] : container.current?.firstElementChild;
    (next as HTMLElement | null | undefined)?.focus();
  }, [items]);
  const remove = (index: number) => {
    removedAt.current = index;
    onRemove(index);
  };

  if (items.length === 0)
    return (
      <Box ref={container}>
        <Text color="fg.muted" tabIndex={-1} outline="none">
          No overrides yet. Add one with Add Override.
        </Text>
      </Box>
    );
  return (
    <Stack as="ol" ref={container} gap={3} aria-label="Parameter overrides" listStyleType="none">
      {items.map((item, index) => (
        <Stack
          as="li"
          key={item.definitionId}
          aria-label={item.display_name}
          gap={3}
          p={3}
          borderWidth="1px"
          rounded="l2"
          bg="bg"
        >
          <HStack gap={2} wrap="wrap">
            <Text fontWeight="semibold">{item.display_name}</Text>
            <Badge variant="subtle">{item.data_type}</Badge>
            {item.category && (
              <Badge colorPalette="purple" variant="subtle">
                {item.category}
              </Badge>
            )}
            <Text fontFamily="mono" textStyle="xs" color="fg.muted">
              {item.override_key}
            </Text>
            <HStack ms="auto" gap={1}>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={`Move ${item.display_name} up`}
                // aria-disabled, not disabled: moving an override to the top or the bottom would
                // otherwise drop the focus of the button just pressed to the page
                aria-disabled={index === 0}
                onClick={() => index > 0 && onMove(index, -1)}
              >
                ↑
              </IconButton>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={`Move ${item.display_name} down`}
                aria-disabled={index === items.length - 1}
                onClick={() => index < items.length - 1 && onMove(index, 1)}
              >
                ↓
              </IconButton>
              <RowAction
                danger
                aria-label={`Remove ${item.display_name}`}
                data-remove-override=""
                onClick={() => remove(index)}
              >
                Remove
              </RowAction>
            </HStack>
          </HStack>
          {item.description && (
            <Text textStyle="sm" color="fg.muted">
              {item.description}
            </Text>
          )}
          <HStack gap={4} align="flex-end" wrap="wrap">
            <Field.Root maxW="xs">
              <Field.Label>
                Default value
                <RuleHint item={item} />
              </Field.Label>
              <DefaultValueInput
                item={item}
                onChange={(default_value) => onChange(index, { ...item, default_value })}
              />
            </Field.Root>
            <Checkbox.Root
              checked={item.is_required}
              onCheckedChange={(details) => onChange(index, { ...item, is_required: details.checked === true })}
              colorPalette="purple"
              pb={2}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Required</Checkbox.Label>
            </Checkbox.Root>
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}

/** What a typed default must keep to, said before the server refuses it: "1 to 50, steps of 0.5". */
function ruleHint({ data_type, validation_rules: rules }: OverrideItem): string | null {
  if (data_type === 'integer' || data_type === 'float') {
    const range =
      rules.min !== undefined && rules.max !== undefined
        ? `${rules.min} to ${rules.max}`
        : rules.min !== undefined
          ? `at least ${rules.min}`
          : rules.max !== undefined
            ? `at most ${rules.max}`
            : null;
    const step =
      data_type === 'integer' && rules.step === undefined
        ? 'whole numbers'
        : `steps of ${overrideStep(data_type, rules)}`;
    return [range, step].filter(Boolean).join(', ') || null;
  }
  if (data_type === 'string' && rules.max_length !== undefined) return `at most ${rules.max_length} characters`;
  return null;
}

function RuleHint({ item }: { item: OverrideItem }) {
  const hint = ruleHint(item);
  return (
    hint && (
      <Text as="span" color="fg.muted" fontWeight="normal">
        ({hint})
      </Text>
    )
  );
}

/**
 * A boolean's or a select's default is picked, not typed: typed text such as "True", or a width
 * not among the options, was not a value the server takes.
 */
function DefaultValueInput({ item, onChange }: { item: OverrideItem; onChange: (text: string) => void }) {
  const label = `Default value of ${item.display_name}`;
  const choices =
    item.data_type === 'boolean'
      ? ['true', 'false']
      : item.data_type === 'select'
        ? (item.validation_rules.options ?? []).map(String)
        : null;
  if (choices) {
    // a stored default no longer among the options still shows, so it can be seen and changed
    const shown =
      item.default_value && !choices.includes(item.default_value) ? [item.default_value, ...choices] : choices;
    return (
      <NativeSelect.Root size="sm">
        <NativeSelect.Field aria-label={label} value={item.default_value} onChange={(e) => onChange(e.target.value)}>
          <option value="">No default</option>
          {shown.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    );
  }
  const { data_type: type, validation_rules: rules } = item;
  const numeric =
    type === 'integer' || type === 'float'
      ? { type: 'number', min: rules.min, max: rules.max, step: overrideStep(type, rules) }
      : {};
  return (
    <Input
      size="sm"
      aria-label={label}
      value={item.default_value}
      onChange={(e) => onChange(e.target.value)}
      {...numeric}
    />
  );
}
