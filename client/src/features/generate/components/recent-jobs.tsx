import { Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format-date';
import { useRecentJobs } from '../api/get-recent-jobs';
import { JobStatusIcon } from './job-status-icon';

/** The caller's five newest jobs, polled every 5 s; a failed poll is only logged (SPEC section 8). */
export function RecentJobs() {
  const { data, isPending, isError } = useRecentJobs();
  const jobs = data?.jobs ?? [];
  // a failed read is only logged: 'No jobs found' of jobs that exist would be a wrong answer
  const unread = isError && !data;

  return (
    <SectionCard
      title="Recent Jobs"
      action={
        <Link asChild textStyle="sm" colorPalette="purple" color="colorPalette.fg">
          <RouterLink to={paths.history.href()}>View all history</RouterLink>
        </Link>
      }
    >
      {isPending ? (
        <Spinner size="sm" color="purple.solid" />
      ) : unread ? null : jobs.length === 0 ? (
        <Text textStyle="sm" color="fg.muted">
          {MESSAGES.noJobsFound}
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap={0}>
          {jobs.map((job) => (
            <HStack as="li" key={job.id} align="flex-start" gap={3} py={3} borderTopWidth={{ _notFirst: '1px' }}>
              <JobStatusIcon status={job.status} />
              <Stack gap={0.5} minW={0} flex={1}>
                {/* Two lines before an ellipsis: in the narrow column one line cut most names short. */}
                <Text fontWeight="medium" lineClamp={2} wordBreak="break-word" title={job.job_name} dir="auto">
                  {job.job_name}
                </Text>
                <Text textStyle="xs" color="fg.muted" truncate title={job.workflow_name}>
                  {job.workflow_name}
                </Text>
                <Text textStyle="xs" color="fg.muted">
                  {formatDateTime(job.created_at)}
                </Text>
                <HStack gap={2} mt={1.5} flexWrap="wrap">
                  <Button asChild size="xs" variant="outline">
                    <RouterLink to={paths.job.href(job.id)}>View Details</RouterLink>
                  </Button>
                  <Button asChild size="xs" variant="outline">
                    <RouterLink to={paths.galleryJob.href(job.id)}>View Gallery</RouterLink>
                  </Button>
                </HStack>
              </Stack>
            </HStack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
