import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Configuration } from '@atelier/shared';
import { useState } from 'react';
import { formatDate } from '../../../lib/format-date';
import { useConfigurations } from '../api/get-configurations';

/** The caller's configurations of one workflow; choosing one fills the form. */
export function SavedConfigurations({
  workflowId,
  onApply,
}: {
  workflowId: number;
  onApply: (configuration: Configuration) => void;
}) {
  const { data, isPending } = useConfigurations(workflowId);
  const [appliedId, setAppliedId] = useState<number | null>(null);

  if (isPending) return <Spinner size="sm" color="purple.solid" />;
  if (!data?.length) {
    return (
      <Text textStyle="sm" color="fg.muted">
        No saved configurations yet.
      </Text>
    );
  }
  return (
    <Stack as="ul" gap={1} listStyleType="none" aria-label="Saved Configurations">
      {data.map((configuration) => (
        <li key={configuration.id}>
          <Button
            variant={appliedId === configuration.id ? 'subtle' : 'ghost'}
            colorPalette={appliedId === configuration.id ? 'purple' : 'gray'}
            w="full"
            justifyContent="space-between"
            gap={3}
            aria-pressed={appliedId === configuration.id}
            onClick={() => {
              setAppliedId(configuration.id);
              onApply(configuration);
            }}
          >
            <Text as="span" truncate>
              {configuration.config_name}
            </Text>
            <Text as="span" textStyle="xs" color="fg.muted" flexShrink={0}>
              {formatDate(configuration.created_at)}
            </Text>
          </Button>
        </li>
      ))}
    </Stack>
  );
}
