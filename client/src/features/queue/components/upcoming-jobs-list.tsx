import { Box, Circle, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import type { Job } from '@atelier/shared';
import { formatCount, formatCountOf } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { JobLink } from '../../jobs/components/job-link';

/** Queued jobs in the order the workers will take them. */
export function UpcomingJobsList({ jobs }: { jobs: readonly Job[] }) {
  return (
    <Box as="section" aria-labelledby="upcoming-jobs" bg="bg" borderWidth="1px" rounded="l3" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id="upcoming-jobs" size="md" mb={3}>
        Upcoming jobs ({formatCount(jobs.length)})
      </Heading>
      {jobs.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          Nothing else is waiting.
        </Text>
      ) : (
        <List.Root as="ol" listStyleType="none" gap={0}>
          {jobs.map((job, index) => (
            <List.Item key={job.id} py={3} borderTopWidth={index === 0 ? 0 : '1px'}>
              <Flex gap={3} align="flex-start" w="full">
                <Circle size={7} bg="blue.subtle" color="blue.fg" fontSize="xs" fontWeight="bold" flexShrink={0}>
                  {index + 1}
                </Circle>
                <Stack gap={0.5} minW={0} flex={1}>
                  <JobLink job={job} />
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                    {job.workflow_name} · {job.username} · {formatCountOf(job.batch_size, 'item')}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    Queued {formatDateTime(job.created_at)}
                  </Text>
                </Stack>
              </Flex>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
}
