import { Code, DataList, Text } from '@chakra-ui/react';
import { seedValueSchema } from '@atelier/shared';

function display(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const seed = seedValueSchema.safeParse(value);
  if (seed.success) {
    // DESIGN section 3, Seeds: random draws per image, fixed counts up from the seed.
    return seed.data.mode === 'random' ? 'Random for each image' : `Fixed: ${seed.data.seed} (+1 for each image)`;
  }
  return JSON.stringify(value);
}

/** The values the job ran with, as the server resolved them (defaults filled in). */
export function JobParameters({ parameters }: { parameters: Record<string, unknown> }) {
  const entries = Object.entries(parameters);
  if (entries.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        This job has no parameters.
      </Text>
    );
  }
  return (
    <DataList.Root orientation="vertical" size="sm" gap={3}>
      {entries.map(([name, value]) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel>
            <Code size="sm" variant="plain" px={0}>
              {name}
            </Code>
          </DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word">
            {display(value)}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
