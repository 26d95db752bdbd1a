import { SimpleGrid, Stat } from '@chakra-ui/react';
import type { Analytics } from '@atelier/shared';
import { formatCount } from '../../../lib/format';
import { formatDate, formatDuration } from '../../../lib/format-time';

/** A share in whole percent that says 100% and 0% only when it is: 12,356 of 12,366 is 99%, not 100%. */
export function percentOf(part: number, whole: number): string {
  const rounded = Math.round((part / whole) * 100);
  if (rounded === 100 && part < whole) return '99%';
  if (rounded === 0 && part > 0) return 'under 1%';
  return `${rounded}%`;
}

/** The headline figures of the period, the viewer's own in a personal view. */
export function SystemStats({ stats, personal }: { stats: Analytics['system_stats']; personal: boolean }) {
  const successRate = stats.total_jobs > 0 ? percentOf(stats.completed_jobs, stats.total_jobs) : null;
  const tiles: Array<{ label: string; value: string; help?: string }> = [
    { label: 'Total jobs', value: formatCount(stats.total_jobs) },
    {
      label: 'Completed',
      value: formatCount(stats.completed_jobs),
      help: successRate === null ? undefined : `${successRate} of all jobs`,
    },
    { label: 'Failed', value: formatCount(stats.failed_jobs) },
    { label: 'Processing', value: formatCount(stats.processing_jobs) },
    { label: 'Queued', value: formatCount(stats.queued_jobs) },
    { label: 'Avg processing time', value: formatDuration(stats.avg_processing_time) },
    { label: 'Active users', value: formatCount(stats.active_users) },
    { label: 'First job', value: formatDate(stats.first_job_date) },
  ];
  return (
    <SimpleGrid
      columns={{ base: 2, md: 4 }}
      gap={{ base: 3, md: 4 }}
      role="group"
      aria-label={personal ? 'Your stats' : 'System stats'}
    >
      {tiles.map((tile) => (
        <Stat.Root key={tile.label} bg="bg" borderWidth="1px" rounded="l3" p={{ base: 3, md: 4 }} minW={0}>
          <Stat.Label>{tile.label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'lg', md: '2xl' }} truncate>
            {tile.value}
          </Stat.ValueText>
          {tile.help && <Stat.HelpText as="dd">{tile.help}</Stat.HelpText>}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
