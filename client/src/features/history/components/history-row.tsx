import { Button, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { Job } from '@atelier/shared';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatCount, formatCountOf } from '../../../lib/format';
import { formatDateTime } from '../../../lib/format-time';
import { JobStatusBadge } from '../../jobs/components/job-status-badge';
import type { HistoryReturn } from '../../jobs/utils/history-return';

/** One job of the history: its name opens the job, with a second way into its gallery. */
export function HistoryRow({ job }: { job: Job }) {
  // the job page's back link returns to this page of this filter, not to the unfiltered first page
  const back: HistoryReturn = { historySearch: useLocation().search };
  return (
    <Flex
      as="li"
      gap={{ base: 3, md: 4 }}
      px={{ base: 4, md: 5 }}
      py={4}
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'center' }}
    >
      <Stack gap={1} flex={1} minW={0}>
        {/* On a phone the badge always gets its own line, so short and long names line up alike. */}
        <Flex
          gap={{ base: 1.5, md: 2 }}
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'flex-start', md: 'center' }}
        >
          <JobStatusBadge status={job.status} size="sm" />
          <Link asChild fontWeight="semibold" color="fg" wordBreak="break-word" dir="auto">
            <RouterLink to={paths.job.href(job.id)} state={back}>
              {job.job_name}
            </RouterLink>
          </Link>
        </Flex>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          {job.workflow_name} · {formatCount(job.batch_completed)} of {formatCountOf(job.batch_size, 'image')}
          {job.rejection_count > 0 && ` · ${formatCount(job.rejection_count)} rejected`}
          {job.failed_count > 0 && ` · ${formatCount(job.failed_count)} failed`}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(job.created_at)}
        </Text>
      </Stack>
      <HStack gap={2} flexShrink={0}>
        <Button asChild size="sm" variant="outline" flex={{ base: 1, md: 'none' }}>
          <RouterLink to={paths.job.href(job.id)} state={back} aria-label={`View details of ${job.job_name}`}>
            View Details
          </RouterLink>
        </Button>
        <Button asChild size="sm" variant="outline" flex={{ base: 1, md: 'none' }}>
          <RouterLink to={paths.galleryJob.href(job.id)} aria-label={`View gallery of ${job.job_name}`}>
            View Gallery
          </RouterLink>
        </Button>
      </HStack>
    </Flex>
  );
}
