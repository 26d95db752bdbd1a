import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { liveConnectionAtom } from '../atoms/live-connection-atom';

/** Long enough that a page load or a blip in the connection does not flash the notice. */
export const LIVE_PAUSED_AFTER_MS = 2000;

/** True once the live connection has been down, and still trying, for LIVE_PAUSED_AFTER_MS. */
export function useLiveUpdatesPaused(): boolean {
  const down = useAtomValue(liveConnectionAtom) === 'down';
  const [waited, setWaited] = useState(false);

  useEffect(() => {
    if (!down) return;
    const timer = setTimeout(() => setWaited(true), LIVE_PAUSED_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setWaited(false);
    };
  }, [down]);

  return down && waited;
}
