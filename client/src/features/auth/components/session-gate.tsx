import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { isUnauthorized } from '../../../lib/api-error';
import type { Session } from '../../../lib/session-storage';
import { SESSION_QUERY_KEY, useSessionCheck } from '../api/get-session';
import { sessionAtom } from '../atoms/session-atom';

/**
 * Confirms a restored token with the server before showing the app; a 401 there signs out
 * (through the API client). Any other failure lets the stored session stand.
 */
export function SessionGate({ session, children }: { session: Session; children: ReactNode }) {
  const check = useSessionCheck(session.token);
  const setSession = useSetAtom(sessionAtom);
  const queryClient = useQueryClient();
  const serverUser = check.data?.user;
  const role = session.user.role;
  const shownRole = useRef(role);

  useEffect(() => {
    // The server's view of the user (a changed role) wins and is kept for the next load.
    if (!serverUser) return;
    const { user } = session;
    if (serverUser.id !== user.id || serverUser.username !== user.username || serverUser.role !== user.role) {
      setSession({ token: session.token, user: serverUser });
    }
  }, [serverUser, session, setSession]);

  // A new token of the same user (their own new password, a sign-in in another tab): what was
  // refused under the old one on its way out is asked for again.
  const shownToken = useRef(session.token);
  useEffect(() => {
    if (shownToken.current === session.token) return;
    shownToken.current = session.token;
    void queryClient.invalidateQueries({
      predicate: ({ state }) => state.status === 'error' && isUnauthorized(state.error),
    });
  }, [session.token, queryClient]);

  useEffect(() => {
    if (shownRole.current === role) return;
    shownRole.current = role;
    // what the server answers by role (the analytics view, the workflows one may see, the admin
    // lists) is read again: kept, the screens showed the old role's answers until a reload
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  }, [role, queryClient]);

  if (check.isPending) return <FullPageSpinner label="Loading..." />;
  return children;
}
