import { SimpleGrid, Stat } from '@chakra-ui/react';
import { estimatedWaitMinutes, type QueueStats as QueueStatsData } from '@atelier/shared';
import { formatCount } from '../../../lib/format';

const UNKNOWN = '–';

/** SPEC section 2, Queue: the counts, and the wait in whole minutes rounded up. */
export function QueueStats({ stats }: { stats: QueueStatsData | null }) {
  const count = (value: number | undefined) => (value === undefined ? UNKNOWN : formatCount(value));
  const tiles = [
    { label: 'Processing', value: count(stats?.processing) },
    { label: 'Queued', value: count(stats?.queued) },
    { label: 'Submitting', value: count(stats?.submitting) },
    { label: 'Total items', value: count(stats?.total_items) },
    {
      label: 'Estimated wait',
      value: stats ? `${formatCount(estimatedWaitMinutes(stats.estimated_wait_time))} min` : UNKNOWN,
    },
  ];

  return (
    <SimpleGrid role="group" columns={{ base: 2, md: 5 }} gap={{ base: 3, md: 4 }} aria-label="Queue statistics">
      {tiles.map((tile) => (
        <Stat.Root
          key={tile.label}
          bg="bg"
          borderWidth="1px"
          rounded="l3"
          p={{ base: 3, md: 4 }}
          gridColumn={tile.label === 'Estimated wait' ? { base: 'span 2', md: 'auto' } : undefined}
        >
          <Stat.Label>{tile.label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'xl', md: '2xl' }}>{tile.value}</Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
