import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthorized } from '../lib/api-error';
import { logger } from '../lib/logger';

const MAX_RETRIES = 2;

/**
 * Server state lives here. Every failed query is logged (SPEC section 8 keeps many of them
 * silent on screen); a 401 is not, since it already ends the session.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isUnauthorized(error)) logger.warn(`${String(query.queryKey[0])} request failed`, error);
      },
    }),
    defaultOptions: {
      queries: {
        // A 4xx answer will not change on retry; network blips and 5xx might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < MAX_RETRIES,
      },
    },
  });
}
