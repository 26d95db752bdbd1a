import { sessionUserSchema } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { Session } from '../../../lib/session-storage';

const sessionResponseSchema = z.object({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest('/session', sessionResponseSchema, { signal });
}

/** Read again this long after the last answer, should the push of a change (session:changed) be missed. */
const SESSION_STALE_MS = 60_000;

/** Every session query, whatever its token: invalidated, the signed-in one is read again. */
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * Keyed by token: a new sign-in is confirmed afresh, and a login answer can seed it. While the same
 * user's new token is confirmed, the screens stay up on the last answer (SessionGate is kept for
 * that user); the first check of a session has none, and waits.
 */
export function sessionQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...SESSION_QUERY_KEY, token],
    queryFn: ({ signal }) => getSession(signal),
    staleTime: SESSION_STALE_MS,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** A session the server has just handed out (sign-in, own new password) needs no check of its own. */
export function seedSessionCheck(queryClient: QueryClient, { token, user }: Session): void {
  queryClient.setQueryData(sessionQueryOptions(token).queryKey, { user });
}

export function useSessionCheck(token: string) {
  return useQuery(sessionQueryOptions(token));
}
