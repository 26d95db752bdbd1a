import { Button, Flex, HStack, Heading, Link, Stack } from '@chakra-ui/react';
import { isFinalJobStatus, type Job } from '@atelier/shared';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { FormMessage } from '../../../components/form-message';
import { paths } from '../../../config/paths';
import { useOwnsJob } from '../hooks/use-owns-job';
import { CancelJobDialog } from './cancel-job-dialog';
import { CloneJobDialog } from './clone-job-dialog';
import { JobStatusBadge } from './job-status-badge';
import { historyReturnSearch } from '../utils/history-return';

/** Back link, the job's name and status, and what can be done with it. */
export function JobHeader({ job }: { job: Job }) {
  const back = historyReturnSearch(useLocation().state);
  const actions = useRef<HTMLDivElement>(null);
  const ownJob = useOwnsJob(job);
  // Cancelled from here, the job loses its Cancel button, and the dialog with the focus goes with
  // it: the keyboard goes on from Clone, not from the top of the page.
  const cancelling = useRef(false);
  // a Cancel that came too late ('This job has already finished'), for the job it was asked of
  const [tooLate, setTooLate] = useState<{ jobId: number; text: string } | null>(null);
  const final = isFinalJobStatus(job.status);
  useEffect(() => {
    if (!final || !cancelling.current) return;
    cancelling.current = false;
    if (document.activeElement === document.body || document.activeElement === null) {
      actions.current?.querySelector<HTMLElement>('[data-action="clone"]')?.focus();
    }
  }, [final]);
  return (
    <Stack gap={3}>
      <title>{`${job.job_name} · Atelier`}</title>
      <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
        <RouterLink to={`${paths.history.href()}${back}`}>← Generation History</RouterLink>
      </Link>
      <Flex gap={4} align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <HStack gap={3} flex={1} minW={0} align="center" wrap="wrap">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" dir="auto">
            {job.job_name}
          </Heading>
          <JobStatusBadge status={job.status} size="lg" />
        </HStack>
        <HStack gap={2} wrap="wrap" ref={actions}>
          {ownJob && (
            <Button asChild variant="outline" size="sm">
              <RouterLink to={paths.galleryJob.href(job.id)}>View Gallery</RouterLink>
            </Button>
          )}
          <CloneJobDialog job={job} />
          {!final && (
            <CancelJobDialog
              job={job}
              onCancelling={() => (cancelling.current = true)}
              onTooLate={(text) => setTooLate({ jobId: job.id, text })}
            />
          )}
        </HStack>
      </Flex>
      <FormMessage message={tooLate?.jobId === job.id ? { status: 'error', text: tooLate.text } : null} />
    </Stack>
  );
}
