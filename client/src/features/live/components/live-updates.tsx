import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../auth/atoms/session-atom';
import { useLiveUpdates } from '../hooks/use-live-updates';

/** Mounted once beside the router: the live connection follows the session, whatever the page. */
export function LiveUpdates() {
  useLiveUpdates(useAtomValue(sessionAtom)?.token ?? null);
  return null;
}
