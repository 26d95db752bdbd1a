import type { LoginRequest } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { dropDraftsUnlessOf } from '../../../lib/session-drafts';
import { useLogin } from '../api/login';
import { seedSessionCheck } from '../api/get-session';
import { sessionAtom } from '../atoms/session-atom';

/** Signs in and starts the session with a clean cache, already confirmed by the login answer. */
export function useSignIn() {
  const queryClient = useQueryClient();
  const setSession = useSetAtom(sessionAtom);
  const login = useLogin();

  const signIn = (credentials: LoginRequest) =>
    login.mutate(credentials, {
      onSuccess: ({ token, user }) => {
        queryClient.clear();
        dropDraftsUnlessOf(user.id);
        seedSessionCheck(queryClient, { token, user });
        setSession({ token, user });
      },
    });

  return { signIn, isPending: login.isPending, error: login.error, reset: login.reset };
}
