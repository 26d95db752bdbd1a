import { useSetAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import type { Session } from '../../../lib/session-storage';
import { useSessionCheck } from '../api/get-session';
import { sessionAtom } from '../atoms/session-atom';

/**
 * Confirms a restored token with the server before showing the app; a 401 there signs out
 * (through the API client). Any other failure lets the stored session stand.
 */
export function SessionGate({ session, children }: { session: Session; children: ReactNode }) {
  const check = useSessionCheck(session.token);
  const setSession = useSetAtom(sessionAtom);
  const serverUser = check.data?.user;

  useEffect(() => {
    // The server's view of the user (a changed role) wins and is kept for the next load.
    if (!serverUser) return;
    const { user } = session;
    if (serverUser.id !== user.id || serverUser.username !== user.username || serverUser.role !== user.role) {
      setSession({ token: session.token, user: serverUser });
    }
  }, [serverUser, session, setSession]);

  if (check.isPending) return <FullPageSpinner label="Loading..." />;
  return children;
}
