import { MESSAGES, type Role } from '@atelier/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testUser } from '../test/render-app';
import { routes } from './router';

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

describe('routes', () => {
  it.each([
    ['/', 'Generate'],
    ['/workflows', 'Workflows'],
    ['/workflow/4', 'Workflow'],
    ['/workflow-slug/4', 'Slug workflow'],
    ['/queue', 'Generation Queue'],
    ['/history', 'Generation History'],
    ['/job/9', 'Job details'],
    ['/gallery', 'Gallery'],
    ['/gallery/9', 'Gallery'],
  ])('shows %s as %s', (path, title) => {
    renderApp(path, { user: testUser('user') });
    expect(heading(title)).toBeInTheDocument();
  });

  it.each(['/no/such/page', '/admin/workflow', '/workflow', '/gallery/1/2'])('redirects %s to /', (path) => {
    const { router } = renderApp(path, { user: testUser('user') });
    expect(router.state.location.pathname).toBe('/');
    expect(heading('Generate')).toBeInTheDocument();
  });

  it.each([
    ['user', 'My Analytics'],
    ['admin', 'System Analytics'],
    ['super_admin', 'System Analytics'],
  ] as const)('titles the analytics dashboard for a %s %s', (role, title) => {
    renderApp('/dashboard', { user: testUser(role) });
    expect(heading(title)).toBeInTheDocument();
  });
});

describe('admin routes', () => {
  const adminScreens = [
    ['/admin', 'Admin dashboard', MESSAGES.accessDeniedBody],
    ['/admin/workflow/5/slug', 'Edit slug workflow', MESSAGES.forbidden],
    ['/admin/workflow/new-slug', 'Create slug workflow', MESSAGES.forbidden],
  ] as const;

  it.each(adminScreens)('deny %s to a regular user', (path, _title, text) => {
    const { router } = renderApp(path, { user: testUser('user') });
    expect(heading(MESSAGES.accessDeniedTitle)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(
    adminScreens.flatMap(([path, title]) => (['admin', 'super_admin'] as Role[]).map((role) => [path, title, role])),
  )('open %s (%s) to %s', (path, title, role) => {
    renderApp(path, { user: testUser(role as Role) });
    expect(heading(title)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.accessDeniedTitle)).not.toBeInTheDocument();
  });
});

/** The real route table with the screen at `path` swapped for `element`: a fault put in one page. */
function withScreen(table: RouteObject[], path: string, element: ReactNode): RouteObject[] {
  return table.map(
    (route) =>
      ({
        ...route,
        ...(route.path === path ? { element } : {}),
        ...(route.children ? { children: withScreen(route.children, path, element) } : {}),
      }) as RouteObject,
  );
}

function BrokenScreen(): ReactNode {
  throw new Error('a defect in this screen');
}

describe('a screen that fails while drawing', () => {
  it('says so in place of the screen, keeps the navigation, and goes away on moving to another page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderApp('/queue', { user: testUser('user'), routeTable: withScreen(routes, '/queue', <BrokenScreen />) });
      expect(heading('This page could not be shown')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
      expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Atelier' }));
      expect(heading('Generate')).toBeInTheDocument();
      expect(screen.queryByText('This page could not be shown')).not.toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });
});
