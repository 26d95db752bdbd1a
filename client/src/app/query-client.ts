import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@atelier/shared';
import { SESSION_QUERY_KEY } from '../features/auth/api/get-session';
import { ApiError, isUnauthorized, mayPassOnRetry } from '../lib/api-error';
import { logger } from '../lib/logger';

const MAX_RETRIES = 2;

/**
 * Server state lives here. Every failed query is logged (SPEC section 8 keeps many of them
 * silent on screen); a 401 is not, since it already ends the session. A 403 may mean the role
 * changed since the session was confirmed, so the session is read again: a demoted admin's screens
 * follow their new role without a reload. A workflow a change answers as gone is read again too.
 */
export function createQueryClient(): QueryClient {
  const recheckSessionOn403 = (error: unknown) => {
    if (error instanceof ApiError && error.status === 403)
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  // 'Workflow not found' for a workflow on screen: an admin revoked it (or deleted it) since it was
  // read, so the workflows are read again and the screens stop offering it.
  const rereadWorkflowsOnNotFound = (error: unknown) => {
    const gone = error instanceof ApiError && error.status === 404;
    if (gone && error.serverMessage === MESSAGES.workflowNotFound)
      void client.invalidateQueries({ queryKey: ['workflows'] });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isUnauthorized(error)) logger.warn(`${String(query.queryKey[0])} request failed`, error);
        recheckSessionOn403(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        recheckSessionOn403(error);
        rereadWorkflowsOnNotFound(error);
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on retry; network blips and 5xx might.
        retry: (failureCount, error) => mayPassOnRetry(error) && failureCount < MAX_RETRIES,
      },
      // A change asked for offline fails at once with its message ('Failed to submit job'). Paused
      // (the default), it waited unseen behind a busy button and was sent whenever the connection
      // came back, a job submitted long after its user had given up on it.
      mutations: { networkMode: 'always' },
    },
  });
  return client;
}
