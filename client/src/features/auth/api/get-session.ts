import { sessionUserSchema } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const sessionResponseSchema = z.object({ user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest('/session', sessionResponseSchema, { signal });
}

/** Keyed by token: a new sign-in is confirmed afresh, and a login answer can seed it. */
export function sessionQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['session', token],
    queryFn: ({ signal }) => getSession(signal),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useSessionCheck(token: string) {
  return useQuery(sessionQueryOptions(token));
}
