import { Alert, Box, Center, EmptyState, Spinner, Stack } from '@chakra-ui/react';
import { HISTORY_PAGE_SIZE, MESSAGES } from '@atelier/shared';
import { useEffect } from 'react';
import { PageTitle } from '../../../components/page-title';
import { errorText } from '../../../lib/api-error';
import { useJobs } from '../../jobs/api/get-jobs';
import { useHistoryParams } from '../hooks/use-history-params';
import { HistoryFilters } from './history-filters';
import { HistoryPagination } from './history-pagination';
import { HistoryRow } from './history-row';

/** SPEC section 2, History: the caller's jobs, newest first, filtered and paged. */
export function HistoryPage() {
  const { params, setStatus, setSearch, setPage } = useHistoryParams();
  const { data, error, isPending, isPlaceholderData } = useJobs({ ...params, limit: HISTORY_PAGE_SIZE });
  // A page past the last (an old link, or jobs that left the filter) goes to the last page there is.
  const lastPage = data && !isPlaceholderData ? data.pagination.pages : null;
  useEffect(() => {
    if (lastPage !== null && lastPage >= 1 && params.page > lastPage) setPage(lastPage, true);
  }, [lastPage, params.page, setPage]);

  return (
    <>
      <PageTitle title="Generation History" />
      <Stack gap={{ base: 4, md: 5 }}>
        <HistoryFilters
          status={params.status}
          search={params.search}
          onStatusChange={setStatus}
          onSearchChange={setSearch}
        />
        {isPending && (
          <Center py={12}>
            <Spinner color="purple.solid" role="status" aria-label="Loading jobs" />
          </Center>
        )}
        {!data && error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errorText(error, 'Failed to load job history')}</Alert.Title>
          </Alert.Root>
        )}
        {data && data.jobs.length === 0 && (
          <EmptyState.Root bg="bg" borderWidth="1px" rounded="l3">
            <EmptyState.Content>
              <EmptyState.Title>{MESSAGES.noJobsFound}</EmptyState.Title>
            </EmptyState.Content>
          </EmptyState.Root>
        )}
        {data && data.jobs.length > 0 && (
          <>
            <Box
              as="ul"
              listStyleType="none"
              bg="bg"
              borderWidth="1px"
              rounded="l3"
              divideY="1px"
              aria-label="Jobs"
              aria-busy={isPlaceholderData}
              opacity={isPlaceholderData ? 0.6 : 1}
            >
              {data.jobs.map((job) => (
                <HistoryRow key={job.id} job={job} />
              ))}
            </Box>
            <HistoryPagination
              page={params.page}
              shownPage={data.pagination.page}
              total={data.pagination.total}
              onPageChange={setPage}
            />
          </>
        )}
      </Stack>
    </>
  );
}
