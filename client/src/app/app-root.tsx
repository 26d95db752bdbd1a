import { useAtomValue } from 'jotai';
import { LoginScreen } from '../features/auth/components/login-screen';
import { SessionGate } from '../features/auth/components/session-gate';
import { sessionAtom } from '../features/auth/atoms/session-atom';
import { AppLayout } from './layout/app-layout';

/**
 * Signed out: the login screen at any path, so signing in lands where the visitor was going. The
 * app starts afresh for another user; a new token of the same user (their own new password, or a
 * sign-in in another tab) keeps the screen as it is.
 */
export function AppRoot() {
  const session = useAtomValue(sessionAtom);
  if (!session) return <LoginScreen />;
  return (
    <SessionGate key={session.user.id} session={session}>
      <AppLayout />
    </SessionGate>
  );
}
