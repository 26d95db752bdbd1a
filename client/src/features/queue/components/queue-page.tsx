import { Center, EmptyState, Spinner, Stack, VStack } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import { PageTitle } from '../../../components/page-title';
import { useQueue } from '../api/get-queue';
import { QueueStats } from './queue-stats';
import { RunningJobsList } from './running-jobs-list';
import { UpcomingJobsList } from './upcoming-jobs-list';

/**
 * SPEC section 2, Queue. Live through `queue:updated`, polled every 5 s as a fallback; a failed
 * poll is only logged (SPEC section 8), the last known view stays.
 */
export function QueuePage() {
  const { data, isPending } = useQueue();
  const empty = data && data.running_jobs.length === 0 && data.upcoming_jobs.length === 0;

  return (
    <>
      <PageTitle title="Generation Queue" />
      <Stack gap={{ base: 4, md: 6 }}>
        <QueueStats stats={data?.stats ?? null} />
        {isPending && (
          <Center py={10}>
            <Spinner color="purple.solid" role="status" aria-label="Loading the queue" />
          </Center>
        )}
        {empty && (
          <EmptyState.Root bg="bg" borderWidth="1px" rounded="l3">
            <EmptyState.Content>
              <VStack textAlign="center">
                <EmptyState.Title>{MESSAGES.noJobsInQueue}</EmptyState.Title>
                <EmptyState.Description>
                  Jobs anyone on the team submits show up here as they run.
                </EmptyState.Description>
              </VStack>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        {data && !empty && <RunningJobsList jobs={data.running_jobs} />}
        {data && !empty && <UpcomingJobsList jobs={data.upcoming_jobs} />}
      </Stack>
    </>
  );
}
