import { Box, Text } from '@chakra-ui/react';
import { useLiveUpdatesPaused } from '../hooks/use-live-updates-paused';

export const LIVE_UPDATES_PAUSED = 'Live updates paused — reconnecting…';

/**
 * A line under the navigation while the live connection is away, so stale numbers are not
 * trusted. The live region stays mounted, empty, so screen readers announce the line when it comes.
 */
export function LiveUpdatesStatus() {
  const paused = useLiveUpdatesPaused();
  return (
    <Box role="status">
      {paused && (
        <Text
          borderTopWidth="1px"
          bg="orange.subtle"
          color="orange.fg"
          fontSize="sm"
          textAlign="center"
          px={{ base: 4, md: 6 }}
          py={1}
        >
          {LIVE_UPDATES_PAUSED}
        </Text>
      )}
    </Box>
  );
}
