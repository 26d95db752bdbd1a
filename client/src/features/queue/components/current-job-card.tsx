import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { Job } from '@atelier/shared';
import { formatCount } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { JobLink } from '../../jobs/components/job-link';
import { JobProgressBars } from '../../jobs/components/job-progress-bars';
import { JobStatusBadge } from '../../jobs/components/job-status-badge';

/** The job a worker is on now, with its live progress. */
export function CurrentJobCard({ job }: { job: Job }) {
  return (
    <Box as="section" aria-labelledby="current-job" bg="bg" borderWidth="1px" rounded="l3" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id="current-job" size="md" mb={3}>
        Current job
      </Heading>
      <Stack gap={4}>
        <Flex gap={3} align="flex-start" justify="space-between" wrap="wrap">
          <Stack gap={1} minW={0}>
            <JobLink job={job} />
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
              {job.workflow_name} · {job.username} · {formatCount(job.batch_size)}{' '}
              {job.batch_size === 1 ? 'item' : 'items'}
            </Text>
            <Text fontSize="xs" color="fg.subtle">
              Started {formatDateTime(job.started_at ?? job.created_at)}
            </Text>
          </Stack>
          <JobStatusBadge status={job.status} />
        </Flex>
        <JobProgressBars job={job} />
      </Stack>
    </Box>
  );
}
