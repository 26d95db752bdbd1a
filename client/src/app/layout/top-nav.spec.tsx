import type { Role } from '@atelier/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from '../../lib/session-storage';
import { renderApp, testUser } from '../../test/render-app';

// jsdom applies no media queries, so the navigation renders as on a phone: folded behind "Menu".
async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  return user;
}

function navLinkNames(): string[] {
  return within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('top navigation', () => {
  it.each<Role>(['admin', 'super_admin'])('shows the Admin link to %s', async (role) => {
    renderApp('/', { user: testUser(role) });
    await openMenu();
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('hides the Admin link from a regular user but keeps every other section', async () => {
    renderApp('/', { user: testUser('user') });
    await openMenu();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    for (const [name, href] of [
      ['Generate', '/'],
      ['History', '/history'],
      ['Gallery', '/gallery'],
      ['Analytics', '/dashboard'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('links the logo home and the Jobs/Items badge to the queue', () => {
    renderApp('/history', { user: testUser('user') });
    expect(screen.getByRole('link', { name: 'Atelier' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /Jobs .* Items/ })).toHaveAttribute('href', '/queue');
  });

  it('keeps the section links folded on a phone until the menu opens, and folds them after navigating', async () => {
    const { router } = renderApp('/', { user: testUser('user') });
    expect(navLinkNames()).toEqual(['Atelier', expect.stringMatching(/^Jobs/)]);

    const user = await openMenu();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'History' }));

    expect(router.state.location.pathname).toBe('/history');
    expect(screen.getByRole('heading', { name: 'Generation History' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the current section', async () => {
    renderApp('/gallery/12', { user: testUser('user') });
    await openMenu();
    expect(screen.getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Generate' })).not.toHaveAttribute('aria-current');
  });

  it('shows who is signed in and signs out to the login screen, forgetting the session', async () => {
    const { router } = renderApp('/history', { user: testUser('user', 'marie') });
    const user = await openMenu();
    expect(within(screen.getByRole('navigation')).getByText('marie')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});
