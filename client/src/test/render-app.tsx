import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import type { Role, SessionUser } from '@atelier/shared';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { seedSessionCheck } from '../features/auth/api/get-session';
import { writeStoredSession } from '../lib/session-storage';

export interface RenderedApp extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

export function testUser(role: Role, username = `${role}-tester`): SessionUser {
  return { id: 7, username, role };
}

/**
 * A signed-in session as the app would have restored it, already confirmed, so nothing needs
 * a server. Screens that do need the API are covered by the browser specs in e2e/.
 */
export function signedInAs(user: SessionUser, queryClient: QueryClient): void {
  const session = { token: `token-for-${user.username}`, user };
  writeStoredSession(session);
  seedSessionCheck(queryClient, session);
}

/**
 * Mounts the real route table (or one derived from it, `routeTable`) and providers at `path`.
 * Queries never fire on their own here.
 */
export function renderApp(path: string, options: { user?: SessionUser; routeTable?: RouteObject[] } = {}): RenderedApp {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  if (options.user) signedInAs(options.user, queryClient);
  const router = createMemoryRouter(options.routeTable ?? routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient} store={createStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
