import { Alert, Spinner, Text } from '@chakra-ui/react';
import { MESSAGES } from '@atelier/shared';
import type { ReactNode } from 'react';
import { errorText } from '../../../lib/api-error';

/** Loading, failure (the tab's default text unless the server says why) or no matches, else the list. */
export function AdminListState({
  query,
  failedText,
  empty,
  children,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown };
  failedText: string;
  empty: boolean;
  children: ReactNode;
}) {
  if (query.isLoading) return <Spinner role="status" aria-label="Loading" />;
  if (query.isError)
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{errorText(query.error, failedText)}</Alert.Title>
      </Alert.Root>
    );
  if (empty) return <Text color="fg.muted">{MESSAGES.noResultsFound}</Text>;
  return <>{children}</>;
}
