import { Button, Center, HStack, Spinner, Text } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import { errorText } from '../../../lib/api-error';

export interface ScrollState {
  isPending: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  /** The first page failed (nothing to show) or a later one did. */
  error: unknown;
  itemCount: number;
}

/** The line under the grid: SPEC section 2's loading, end and error texts, in that order of precedence. */
export function GalleryScrollStatus({ state, onRetry }: { state: ScrollState; onRetry: () => void }) {
  if (state.isPending) return <StatusLine busy text="Loading images..." />;
  if (state.isFetchingNextPage) return <StatusLine busy text="Loading more images..." />;
  if (state.error)
    return (
      <Center py={6} role="alert">
        <HStack gap={3}>
          <Text color="red.fg">{errorText(state.error, MESSAGES.loadImagesFailed)}</Text>
          <Button size="xs" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        </HStack>
      </Center>
    );
  if (!state.hasNextPage && state.itemCount > 0) return <StatusLine text="No more images to load" />;
  return null;
}

function StatusLine({ text, busy = false }: { text: string; busy?: boolean }) {
  return (
    <Center py={6} role="status">
      <HStack gap={2} color="fg.muted">
        {busy && <Spinner size="sm" color="purple.solid" />}
        <Text fontSize="sm">{text}</Text>
      </HStack>
    </Center>
  );
}
