import { sessionUserSchema } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const sessionResponseSchema = z.object({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest('/session', sessionResponseSchema, { signal });
}

/** A role changed by an admin shows within this long of coming back to the tab. */
const SESSION_STALE_MS = 60_000;

/** Keyed by token: a new sign-in is confirmed afresh, and a login answer can seed it. */
export function sessionQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['session', token],
    queryFn: ({ signal }) => getSession(signal),
    staleTime: SESSION_STALE_MS,
    retry: false,
  });
}

export function useSessionCheck(token: string) {
  return useQuery(sessionQueryOptions(token));
}
