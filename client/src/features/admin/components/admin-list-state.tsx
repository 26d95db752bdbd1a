import { Alert, Spinner, Text } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import type { ReactNode } from 'react';
import { errorText } from '../../../lib/api-error';

/**
 * Loading, failure (the tab's default text unless the server says why) or no matches, else the list.
 * A list read before stays under the failure of a later read (the window regained focus): replaced,
 * it took with it what was being typed in it, an override definition's cell say.
 */
export function AdminListState({
  query,
  failedText,
  empty,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; data: unknown };
  failedText: string;
  empty: boolean;
  children: ReactNode;
}) {
  if (query.isLoading) return <Spinner role="status" aria-label="Loading" />;
  const failure = query.isError && (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{errorText(query.error, failedText)}</Alert.Title>
    </Alert.Root>
  );
  if (failure && query.data === undefined) return failure;
  return (
    <>
      {failure}
      {empty ? <Text color="fg.muted">{MESSAGES.noResultsFound}</Text> : children}
    </>
  );
}
