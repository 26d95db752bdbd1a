import { Box, Flex, Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Analytics } from '@atelier/shared';
import { formatCountOf } from '../../../lib/format';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const CHART_HEIGHT = 160;

function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** The busiest hours, every one of a tie named up to three: "Busiest: 09:00, 14:00 (3 jobs each)". */
export function busiestText(usage: Analytics['usage_by_hour']): string {
  const most = Math.max(0, ...usage.map((entry) => entry.job_count));
  // the chart follows the chosen period, as the other panels say theirs do
  if (most === 0) return 'No jobs in this period.';
  const hours = usage.filter((entry) => entry.job_count === most).map((entry) => hourLabel(entry.hour));
  const jobs = formatCountOf(most, 'job');
  if (hours.length === 1) return `Busiest: ${hours[0]} (${jobs})`;
  const named = hours.length > 3 ? `${hours.slice(0, 3).join(', ')} and ${hours.length - 3} more` : hours.join(', ');
  return `Busiest: ${named} (${jobs} each)`;
}

/** Jobs per hour of the day (the viewer's hours) as plain bars; hours with no jobs still show. */
export function UsageByHourChart({ usage }: { usage: Analytics['usage_by_hour'] }) {
  const counts = new Map(usage.map((entry) => [entry.hour, entry.job_count]));
  const max = Math.max(1, ...counts.values());

  return (
    <Box as="section" aria-labelledby="usage-by-hour" bg="bg" borderWidth="1px" rounded="l3" p={{ base: 4, md: 5 }}>
      <Flex justify="space-between" align="baseline" gap={3} wrap="wrap" mb={4}>
        <Heading as="h2" id="usage-by-hour" size="md">
          Usage by hour
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {busiestText(usage)}
        </Text>
      </Flex>
      <Flex as="ol" listStyleType="none" align="flex-end" gap={{ base: '2px', md: 1 }} h={`${CHART_HEIGHT}px`}>
        {HOURS.map((hour) => {
          const count = counts.get(hour) ?? 0;
          return (
            <Flex
              as="li"
              key={hour}
              flex={1}
              h="full"
              align="flex-end"
              title={`${hourLabel(hour)} · ${formatCountOf(count, 'job')}`}
            >
              <Box
                w="full"
                h={count > 0 ? `max(3px, ${(count / max) * 100}%)` : '2px'}
                bg={count > 0 ? 'purple.solid' : 'bg.emphasized'}
                roundedTop="sm"
              />
              <VisuallyHidden>
                {hourLabel(hour)}: {formatCountOf(count, 'job')}
              </VisuallyHidden>
            </Flex>
          );
        })}
      </Flex>
      <Flex aria-hidden mt={2} gap={{ base: '2px', md: 1 }}>
        {HOURS.map((hour) => (
          <Text key={hour} flex={1} fontSize="2xs" color="fg.muted" textAlign="center" overflow="visible">
            {hour % 3 === 0 ? hour : ''}
          </Text>
        ))}
      </Flex>
    </Box>
  );
}
