import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';
import { capture } from '../support/screens.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

async function openAs(user: { username: string; password: string }): Promise<Page> {
  const page = await openPage();
  await signIn(page, user);
  return page;
}

describe('queue dashboard', () => {
  it('opens Bull Board from the Admin area for an admin, and refuses a user who goes there directly', async () => {
    const admin = await openAs(inject('e2eAdmin'));
    await admin.goto(appUrl('/admin'));
    await admin.getByRole('button', { name: 'Queue dashboard' }).click();
    await admin.waitForURL(/\/admin\/queues/);
    await admin.getByText('generation', { exact: true }).first().click();
    // the queue's own page: its status tabs come from the dashboard's API, so the session carried over
    await admin
      .getByText(/^completed$/i)
      .first()
      .waitFor();
    expect(await admin.getByText('Loading...').count()).toBe(0);
    await capture(admin, 'admin-queue-dashboard');
    // signing out closes the dashboard in this browser too: its cookie held the same token
    await admin.goto(appUrl('/'));
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await admin.getByLabel('Username').waitFor();
    await expect
      .poll(async () => (await admin.context().cookies()).some((c) => c.name === 'atelier_queue_dashboard'))
      .toBe(false);
    expect((await admin.goto(appUrl('/admin/queues')))?.status()).toBe(401);

    const user = await openAs(await createUser('user'));
    const refused = await user.goto(appUrl('/admin/queues'));
    expect(refused?.status()).toBe(401);
  });
});
