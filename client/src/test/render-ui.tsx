import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { AppProviders } from '../app/providers';

type JotaiStore = ReturnType<typeof createStore>;

/**
 * Mounts one component with the app's providers and no router. Queries never fire on their own,
 * so only what the component does before calling the API can be observed. A `store` given lets the
 * test set atoms as the app would.
 */
export function renderUi(
  ui: ReactElement,
  { store = createStore() }: { store?: JotaiStore } = {},
): RenderResult & { rerenderUi(next: ReactElement): void } {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { enabled: false, retry: false }, mutations: { retry: false } },
  });
  const withProviders = (element: ReactElement) => (
    <AppProviders queryClient={queryClient} store={store}>
      {element}
    </AppProviders>
  );
  const result = render(withProviders(ui));
  // new props for the same component, as a parent's render gives them: its state is kept
  return { ...result, rerenderUi: (next) => result.rerender(withProviders(next)) };
}
