import { Center, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import { useEffect, useRef } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { errorText } from '../../../lib/api-error';
import { formatCount } from '../../../lib/format';
import { useJobResults } from '../api/get-job-results';
import { ResultTile } from './result-tile';

/** The results grid; grows live while the job runs, a page of 100 at a time after that. */
export function JobResults({ jobId, running }: { jobId: number; running: boolean }) {
  const results = useJobResults(jobId, running);
  // The poll stops with the job, and only the owner's connection hears of each new item: items
  // made after the last poll (an admin watching another's job, a dropped connection) are read now.
  // A Load more in flight would be cancelled by that read and the press lost: it lands first, and
  // the read then covers its page too.
  const { refetch, isFetchingNextPage } = results;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      const readAgain = async () => {
        if (isFetchingNextPage) await refetch({ cancelRefetch: false });
        await refetch();
      };
      void readAgain();
    }
    wasRunning.current = running;
  }, [running, refetch, isFetchingNextPage]);
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const grid = useRef<HTMLDivElement>(null);
  // Load more on the last page takes its own button away: the focus then goes to the first result
  // it loaded (the count before it is kept here), not back to the page's start.
  const loadedBefore = useRef<number | null>(null);
  const { hasNextPage, isRefetching, fetchNextPage } = results;
  useEffect(() => {
    const index = loadedBefore.current;
    if (index === null || isFetchingNextPage) return;
    loadedBefore.current = null;
    // with more to load (or a failed load), Load more is still there and keeps the focus
    if (!hasNextPage) grid.current?.children[index]?.querySelector<HTMLElement>('a, video')?.focus();
  }, [isFetchingNextPage, hasNextPage]);
  // A read of the loaded pages in flight (the poll, the read at the job's end) would be cancelled
  // by fetchNextPage, and the pages from before it kept: it is waited for, then the next page read.
  const nextPage = async () => {
    if (isRefetching) await refetch({ cancelRefetch: false });
    await fetchNextPage({ cancelRefetch: false });
  };
  const loadMore = (event: { currentTarget: HTMLElement }) => {
    loadedBefore.current = event.currentTarget === document.activeElement ? items.length : null;
    void nextPage();
  };

  if (results.isPending) {
    return (
      <Center py={8}>
        <Spinner color="purple.solid" role="status" aria-label="Loading results" />
      </Center>
    );
  }
  if (results.isError && items.length === 0) {
    return <Text color="fg.error">{errorText(results.error, 'Failed to load results')}</Text>;
  }
  if (items.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm">
        {running ? 'Results appear here as they are generated.' : MESSAGES.noResultsFound}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <SimpleGrid ref={grid} columns={{ base: 2, sm: 3, md: 4, xl: 5 }} gap={3} role="group" aria-label="Results">
        {items.map((item) => (
          <ResultTile key={item.id} item={item} />
        ))}
      </SimpleGrid>
      {hasNextPage && (
        <Center>
          <BusyButton variant="outline" onClick={loadMore} loading={isFetchingNextPage}>
            Load more ({formatCount(items.length)} of {formatCount(total)})
          </BusyButton>
        </Center>
      )}
    </Stack>
  );
}
