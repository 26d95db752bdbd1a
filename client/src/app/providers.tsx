import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { onSessionUserChange } from '../features/auth/atoms/session-atom';
import { system } from './theme';

type JotaiStore = ReturnType<typeof createStore>;

/** Everything the screens rely on, in one place so tests mount the same stack as the app. */
export function AppProviders({
  queryClient,
  store,
  children,
}: {
  queryClient: QueryClient;
  store: JotaiStore;
  children: ReactNode;
}) {
  useEffect(() => onSessionUserChange(() => queryClient.clear()), [queryClient]);
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>{children}</JotaiProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
