import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { liveConnectionAtom } from '../atoms/live-connection-atom';

/** Long enough that a page load or a blip in the connection does not flash the notice. */
export const LIVE_PAUSED_AFTER_MS = 2000;

/** What the live connection is waiting for: its first connection, or its way back after a loss. */
export type LiveWait = 'connecting' | 'down';

/**
 * The wait once the live connection has been trying, without a break, for LIVE_PAUSED_AFTER_MS;
 * null while it is up, when nothing is trying, or before then.
 */
export function useLiveUpdatesWaiting(): LiveWait | null {
  const connection = useAtomValue(liveConnectionAtom);
  const trying = connection === 'connecting' || connection === 'down' ? connection : null;
  const [waited, setWaited] = useState<LiveWait | null>(null);

  useEffect(() => {
    if (!trying) return;
    const timer = setTimeout(() => setWaited(trying), LIVE_PAUSED_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setWaited(null);
    };
  }, [trying]);

  return trying !== null && waited === trying ? trying : null;
}
