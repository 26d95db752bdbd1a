import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, appUrl, pagesOfOneBrowser, screenshot, signIn } from '../support/browser.js';
import { apiToken, call } from '../support/api.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

async function fillLogin(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/** True when nothing sticks out sideways (nothing cut off or hidden behind a horizontal scroll). */
function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('sign-in and the app shell', () => {
  it('shows only the login screen to a visitor, at 1440x900 and on a phone', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'login-desktop'],
      [PHONE, 'login-phone'],
    ] as const) {
      const page = await openPage(viewport);
      await page.goto(appUrl('/history'));
      await page.getByLabel('Username').waitFor();
      expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await fitsViewport(page)).toBe(true);
      await screenshot(page, name);
    }
  });

  it('signs the admin in to the navigation, with Admin and a live queue badge', async () => {
    const page = await openPage();
    await signIn(page, inject('e2eAdmin'));
    const nav = page.getByRole('navigation');

    for (const name of ['Generate', 'History', 'Gallery', 'Analytics', 'Admin']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await nav.getByText(inject('e2eAdmin').username, { exact: true }).isVisible()).toBe(true);
    // The badge fills in from GET /api/queue; an empty queue reads zero.
    const badge = nav.getByRole('link', { name: /^Jobs .* Items/ });
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toMatch(/Jobs 0\s*Items 0/);
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'shell-desktop');

    await badge.click();
    await page.getByRole('heading', { name: 'Generation Queue' }).waitFor();
    await nav.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByRole('heading', { name: 'System Analytics' }).waitFor();
    await nav.getByRole('link', { name: 'Atelier' }).click();
    await page.getByRole('heading', { name: 'Generate' }).waitFor();
    expect(pathname(page)).toBe('/');
  });

  it("shows the server's 'Invalid credentials' for a wrong password", async () => {
    const page = await openPage();
    await page.goto(appUrl('/'));
    await fillLogin(page, { username: inject('e2eAdmin').username, password: 'not-the-password' });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Invalid credentials');
    expect(await page.getByRole('navigation').count()).toBe(0);
    await screenshot(page, 'login-error-desktop');
  });

  it("reads 'Signing in...' while the request is in flight", async () => {
    const page = await openPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(appUrl('/'));
    await fillLogin(page, inject('e2eAdmin'));

    const busy = page.getByRole('button', { name: 'Signing in...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await page.getByRole('navigation').waitFor();
  });

  it('keeps Admin from a regular user and tells them why at /admin', async () => {
    const page = await openPage();
    await signIn(page, await createUser('user'));
    const nav = page.getByRole('navigation');
    expect(await nav.getByRole('link', { name: 'History', exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByRole('heading', { name: 'My Analytics' }).waitFor();

    await page.goto(appUrl('/admin'));
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByText('You need admin privileges to access this page.').isVisible()).toBe(true);
    await screenshot(page, 'access-denied-desktop');
  });

  it('follows a role taken away while signed in: the first refused call (403) brings the new role in', async () => {
    const page = await openPage();
    // without its live connection (down, or never made), as the push of the new role would come first
    await page.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
    const demoted = await createUser('admin');
    await signIn(page, demoted);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Admin', exact: true }).click();
    await page.getByRole('tab', { name: 'Base Workflows' }).waitFor();

    const adminToken = await apiToken(inject('e2eAdmin'));
    await call(`/admin/users/${demoted.id}`, {
      method: 'PUT',
      token: adminToken,
      body: JSON.stringify({ role: 'user' }),
    });
    await page.getByRole('tab', { name: 'User Management' }).click();

    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await nav.getByRole('link', { name: 'Admin', exact: true }).waitFor({ state: 'detached' });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}')).toMatchObject({
      role: 'user',
    });
  });

  it('signs out to the login screen and stays signed out after a reload', async () => {
    const page = await openPage();
    await signIn(page, inject('e2eAdmin'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.reload();
    await page.getByLabel('Username').waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
  });

  it('lands on the page asked for after signing in, and sends unknown paths to /', async () => {
    const page = await openPage();
    await page.goto(appUrl('/history'));
    await fillLogin(page, inject('e2eAdmin'));
    await page.getByRole('heading', { name: 'Generation History' }).waitFor();
    expect(pathname(page)).toBe('/history');

    await page.goto(appUrl('/no/such/page'));
    await page.getByRole('heading', { name: 'Generate' }).waitFor();
    expect(pathname(page)).toBe('/');
  });

  it('signs out when the stored token is no longer accepted (401)', async () => {
    const page = await openPage();
    await signIn(page, inject('e2eAdmin'));
    await page.evaluate(() => localStorage.setItem('token', 'corrupted.token.value'));
    await page.reload();

    await page.getByLabel('Username').waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  it('fits a 390px phone: the sections fold into a menu that opens and navigates', async () => {
    const page = await openPage(PHONE);
    await signIn(page, inject('e2eAdmin'));
    const nav = page.getByRole('navigation');
    const menu = nav.getByRole('button', { name: 'Menu' });

    expect(await nav.getByRole('link', { name: 'Atelier' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: /^Jobs .* Items/ }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'History', exact: true }).isVisible()).toBe(false);
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'shell-phone');

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Generate', 'History', 'Gallery', 'Analytics', 'Admin']) {
      expect(await nav.getByRole('link', { name, exact: true }).isVisible(), name).toBe(true);
    }
    expect(await nav.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await fitsViewport(page)).toBe(true);
    await screenshot(page, 'shell-phone-menu');

    await nav.getByRole('link', { name: 'Gallery', exact: true }).click();
    await page.getByRole('heading', { name: 'Gallery' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });
});
