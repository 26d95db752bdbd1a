import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { Job } from '@atelier/shared';
import { formatCount, formatCountOf } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { JobLink } from '../../jobs/components/job-link';
import { JobProgressBars } from '../../jobs/components/job-progress-bars';
import { JobStatusBadge } from '../../jobs/components/job-status-badge';

/** One job a worker has taken, with its own live progress. */
function RunningJob({ job }: { job: Job }) {
  return (
    <Stack
      as="article"
      aria-label={job.job_name}
      gap={4}
      py={4}
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0, pt: 0 }}
    >
      <Flex gap={3} align="flex-start" justify="space-between" wrap="wrap">
        <Stack gap={1} minW={0} flex="1 1 12rem">
          <JobLink job={job} />
          <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
            {job.workflow_name} · {job.username} · {formatCountOf(job.batch_size, 'item')}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Started {formatDateTime(job.started_at ?? job.created_at)}
          </Text>
        </Stack>
        <JobStatusBadge status={job.status} />
      </Flex>
      <JobProgressBars job={job} />
    </Stack>
  );
}

/** The current jobs: several run at once with more than one worker slot, each shown on its own. */
export function RunningJobsList({ jobs }: { jobs: readonly Job[] }) {
  return (
    <Box as="section" aria-labelledby="current-jobs" bg="bg" borderWidth="1px" rounded="l3" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id="current-jobs" size="md" mb={3}>
        Current jobs ({formatCount(jobs.length)})
      </Heading>
      {jobs.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No job is running yet; the next one starts as soon as a worker is free.
        </Text>
      ) : (
        <Box>
          {jobs.map((job) => (
            <RunningJob key={job.id} job={job} />
          ))}
        </Box>
      )}
    </Box>
  );
}
