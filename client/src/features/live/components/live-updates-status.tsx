import { Box, Text } from '@chakra-ui/react';
import { useLiveUpdatesWaiting, type LiveWait } from '../hooks/use-live-updates-waiting';

export const LIVE_UPDATES_PAUSED = 'Live updates paused — reconnecting…';
/** A slow first load: nothing was live yet, so nothing is paused or coming back. */
export const LIVE_UPDATES_CONNECTING = 'Connecting to live updates…';

const NOTICE: Record<LiveWait, string> = { connecting: LIVE_UPDATES_CONNECTING, down: LIVE_UPDATES_PAUSED };

/**
 * A line under the navigation while the live connection is away, so stale numbers are not
 * trusted. The live region stays mounted, empty, so screen readers announce the line when it comes.
 */
export function LiveUpdatesStatus() {
  const waiting = useLiveUpdatesWaiting();
  return (
    <Box role="status">
      {waiting && (
        <Text
          borderTopWidth="1px"
          bg="orange.subtle"
          color="orange.fg"
          fontSize="sm"
          textAlign="center"
          px={{ base: 4, md: 6 }}
          py={1}
        >
          {NOTICE[waiting]}
        </Text>
      )}
    </Box>
  );
}
