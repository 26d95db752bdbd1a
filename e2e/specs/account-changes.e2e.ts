import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, call } from '../support/api.js';
import { DESKTOP, appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

const SESSION_ENDED = 'Your session has ended (it expired, or your account changed). Please sign in again.';

/** A few seconds, not the minute after which the session was read again anyway. */
const PROMPTLY = { timeout: 5_000 };

/** Signed in, with the live connection open (resolves once it has had its first answer). */
async function signedInLive(user: { username: string; password: string }): Promise<Page> {
  const page = await openPage(DESKTOP);
  const live = page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived'));
  await signIn(page, user);
  await live;
  return page;
}

/** In the admin's own tab: the user's Edit dialog, the role picked, saved. */
async function setRole(adminPage: Page, username: string, role: 'user' | 'admin'): Promise<void> {
  const row = adminPage.getByRole('row').filter({ has: adminPage.getByRole('cell', { name: username, exact: true }) });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('Role').selectOption(role);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await adminPage.getByText('User updated successfully!').waitFor();
  await row.getByText(role, { exact: true }).waitFor();
}

describe("An admin's change to a user's account, seen in that user's open tab", () => {
  it('shows the Admin link on a promotion and hides it on a demotion, without a reload', async () => {
    const admin = await createUser('super_admin');
    const user = await createUser('user');
    const adminPage = await signedInLive(admin);
    await adminPage.goto(appUrl('/admin?tab=users'));
    const userPage = await signedInLive(user);
    const adminLink = userPage.getByRole('navigation').getByRole('link', { name: 'Admin', exact: true });
    await adminLink.waitFor({ state: 'detached' });

    await setRole(adminPage, user.username, 'admin');
    await adminLink.waitFor(PROMPTLY);

    await setRole(adminPage, user.username, 'user');
    await adminLink.waitFor({ state: 'detached', ...PROMPTLY });
  });

  it('turns My Analytics into System Analytics on a promotion, and back on a demotion, without a reload', async () => {
    const admin = await createUser('super_admin');
    const user = await createUser('user');
    const token = await apiToken(admin);
    const userPage = await signedInLive(user);
    await userPage.goto(appUrl('/dashboard'));
    const title = (name: string) => userPage.getByRole('heading', { level: 1, name });
    await title('My Analytics').waitFor();
    const setRoleTo = (role: string) =>
      call(`/admin/users/${user.id}`, { method: 'PUT', token, body: JSON.stringify({ role }) });

    await setRoleTo('admin');
    await title('System Analytics').waitFor(PROMPTLY);
    await setRoleTo('user');
    await title('My Analytics').waitFor(PROMPTLY);
  });

  it('keeps an admin who changes their own password signed in, in each tab of that browser, and signs out their others', async () => {
    const admin = await createUser('admin');
    const here = await signedInLive(admin);
    const sibling = await here.context().newPage();
    await sibling.goto(appUrl('/queue'));
    await sibling.getByRole('navigation').waitFor();
    const elsewhere = await signedInLive(admin);
    const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
    const oldToken = await storedToken(here);

    await here.goto(appUrl('/admin?tab=users'));
    const row = here.getByRole('row').filter({ has: here.getByRole('cell', { name: admin.username, exact: true }) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = here.getByRole('dialog');
    await dialog.getByLabel('Password').fill('my own new password');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await here.getByText('User updated successfully!').waitFor();

    await elsewhere.getByText(SESSION_ENDED).waitFor(PROMPTLY);
    await expect.poll(() => storedToken(here)).not.toBe(oldToken);
    const newToken = await storedToken(here);
    // the queue badge polls every 5 s: each tab of this browser goes on under the new session
    const answeredUnder = (page: Page) =>
      page.waitForResponse(
        (response) => response.request().headers().authorization === `Bearer ${newToken}` && response.ok(),
        { timeout: 10_000 },
      );
    await Promise.all([answeredUnder(here), answeredUnder(sibling)]);
    for (const page of [here, sibling]) expect(await page.getByText(SESSION_ENDED).count()).toBe(0);
    await here.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    await here.reload();
    await here.getByRole('navigation').waitFor();

    await elsewhere.getByLabel('Password').waitFor();
    await signIn(elsewhere, { username: admin.username, password: 'my own new password' });
  });

  it('brings the ended-session login screen to a deleted user at once, without a click', async () => {
    const admin = await createUser('super_admin');
    const user = await createUser('user');
    const userPage = await signedInLive(user);
    const token = await apiToken(admin);
    // the queue badge's 5 s poll would meet the 401 too: the session read the push asks for comes first
    const firstRefusal = userPage.waitForResponse((response) => response.status() === 401);
    await call(`/admin/users/${user.id}`, { method: 'DELETE', token });
    expect(new URL((await firstRefusal).url()).pathname).toBe('/api/session');
    await userPage.getByText(SESSION_ENDED).waitFor(PROMPTLY);
  });
});
