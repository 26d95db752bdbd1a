import { Code, DataList, Stack, Text } from '@chakra-ui/react';
import { seedValueSchema, type Asset, type Workflow } from '@atelier/shared';

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

/**
 * What the form called each stored key (`override_prompt` is 'Prompt'), from the workflow as it
 * is now; a key it no longer has keeps its own name.
 */
export function parameterLabels(workflow: Workflow | undefined): ReadonlyMap<string, string> {
  const labels = new Map<string, string>();
  for (const [key, param] of Object.entries(workflow?.configurable_params ?? {}))
    if (param.display_name) labels.set(key, param.display_name);
  for (const override of workflow?.workflow_overrides ?? []) labels.set(override.override_key, override.display_name);
  return labels;
}

/**
 * How an asset parameter reads: the job stores the asset's id, which tells a person nothing; its
 * name as the form listed it does. An asset deleted since (or a list not read) keeps the id.
 */
export function assetValueTexts(
  workflow: Workflow | undefined,
  parameters: Record<string, unknown>,
  assets: readonly Asset[] | undefined,
): ReadonlyMap<string, string> {
  const texts = new Map<string, string>();
  for (const [key, param] of Object.entries(workflow?.configurable_params ?? {})) {
    if (param.type !== 'asset') continue;
    const asset = assets?.find((a) => a.id === parameters[key]);
    if (asset) texts.set(key, asset.display_name || asset.filename);
  }
  return texts;
}

/** The values the job ran with, as the server resolved them (defaults filled in). */
export function JobParameters({
  parameters,
  labels = new Map(),
  valueTexts = new Map(),
}: {
  parameters: Record<string, unknown>;
  labels?: ReadonlyMap<string, string>;
  /** A reading of a stored value other than the value itself (an asset's name for its id). */
  valueTexts?: ReadonlyMap<string, string>;
}) {
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
            <Stack gap={0}>
              {labels.get(name) && labels.get(name) !== name && (
                <Text as="span" fontWeight="medium" color="fg">
                  {labels.get(name)}
                </Text>
              )}
              <Code size="sm" variant="plain" px={0}>
                {name}
              </Code>
            </Stack>
          </DataList.ItemLabel>
          <DataList.ItemValue whiteSpace="pre-wrap" wordBreak="break-word">
            {valueTexts.get(name) ?? display(value)}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
