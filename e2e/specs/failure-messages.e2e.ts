import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiToken, call, jobRequest, submitJob, workflowIdByName } from '../support/api.js';
import { appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';
import { createUser } from '../support/users.js';

/**
 * SPEC section 8 where the server fails: the text shown is the catalogue's and belongs to the
 * action that failed, what the person typed or chose is kept, and the page stays usable.
 */
const openPage = pagesOfOneBrowser();

async function openAsAdmin(path: string): Promise<Page> {
  const page = await openPage();
  await signIn(page, inject('e2eAdmin'));
  await page.goto(appUrl(path));
  return page;
}

/** Answers `method` calls to `url` with a bare 500, as a server that broke would. */
const failing = (page: Page, url: string, method: string) =>
  page.route(url, (route) =>
    route.request().method() === method ? route.fulfill({ status: 500, body: '' }) : route.continue(),
  );

describe('failure messages', () => {
  it("shows a failed user delete in that delete's dialog only, not in the next one", async () => {
    const [first, second] = [await createUser('user'), await createUser('user')];
    const page = await openAsAdmin('/admin?tab=users');
    await failing(page, `**/api/admin/users/${first.id}`, 'DELETE');
    const dialog = page.getByRole('alertdialog');

    await page.getByRole('button', { name: `Delete ${first.username}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('alert').getByText('Failed to delete user', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    for (const user of [second, first]) {
      await page.getByRole('button', { name: `Delete ${user.username}`, exact: true }).click();
      await dialog.getByText(`Are you sure you want to delete ${user.username}?`).waitFor();
      await dialog.getByRole('list', { name: 'Removed with the user' }).waitFor();
      expect(await dialog.getByRole('alert').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('keeps a workflow switch at the saved state when a grant fails, and the next click grants it', async () => {
    const user = await createUser('user');
    const page = await openAsAdmin('/admin?tab=users');
    await page.getByRole('button', { name: `Manage ${user.username}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    const permissions = dialog.getByRole('list', { name: 'Workflow permissions' });
    const textToImage = permissions.getByRole('checkbox', { name: 'Text to Image' });
    await textToImage.waitFor({ state: 'attached' });
    expect(await textToImage.isChecked()).toBe(false);

    await failing(page, `**/api/admin/users/${user.id}/workflows/*`, 'POST');
    await permissions.getByText('Text to Image', { exact: true }).click();
    await dialog.getByRole('alert').getByText('Failed to update permission', { exact: true }).waitFor();
    await expect.poll(() => textToImage.isChecked()).toBe(false);

    await page.unrouteAll();
    const granted = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('/workflows/'),
    );
    await permissions.getByText('Text to Image', { exact: true }).click();
    expect((await granted).ok()).toBe(true);
    await dialog.getByText(/^1 of \d+ workflows granted$/).waitFor();
    expect(await textToImage.isChecked()).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('offers no save of a base workflow that could not be read: there is no JSON to check', async () => {
    const file = `e2e-unread-${randomBytes(3).toString('hex')}.json`;
    const token = await apiToken(inject('e2eAdmin'));
    await call('/base-workflows', { method: 'POST', token, body: JSON.stringify({ name: file, content: '{"a": 1}' }) });
    const page = await openAsAdmin('/admin');
    await failing(page, `**/api/base-workflows/${file}`, 'GET');

    await page.getByRole('button', { name: `Edit ${file}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('alert').getByText('Failed to load workflow data', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Format JSON' }).isDisabled()).toBe(true);
    // Enter in the name field saves: with nothing read, it does nothing
    await dialog.getByLabel(/Workflow name/).press('Enter');
    await dialog.getByLabel(/Workflow name/).fill('renamed');
    await dialog.getByLabel(/Workflow name/).press('Enter');
    expect(await dialog.getByRole('alert').allInnerTexts()).toEqual(['Failed to load workflow data']);
  });

  it('keeps the workflow cards when a filter fails to load: the failure is only logged', async () => {
    const user = await createUser('user');
    const page = await openPage();
    await signIn(page, user);
    await page.goto(appUrl('/workflows'));
    const cards = page.getByRole('main').getByRole('listitem');
    await cards.filter({ hasText: 'Text to Video' }).waitFor();

    await page.route(
      (url) => url.pathname === '/api/workflows',
      (route) => route.fulfill({ status: 500, body: '' }),
    );
    const logged = page.waitForEvent('console', (message) => message.text().includes('workflows request failed'));
    await page.getByRole('button', { name: 'Video Generation', exact: true }).click();
    await logged;
    await cards.filter({ hasText: 'Text to Video' }).waitFor();
    expect(await page.getByText('No workflows match your filters.').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('keeps the base workflow JSON being edited in view when reading the file again fails', async () => {
    const file = `e2e-reread-${randomBytes(3).toString('hex')}.json`;
    const token = await apiToken(inject('e2eAdmin'));
    await call('/base-workflows', { method: 'POST', token, body: JSON.stringify({ name: file, content: '{"a": 1}' }) });
    const page = await openAsAdmin('/admin');
    await page.getByRole('button', { name: `Edit ${file}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    const json = dialog.getByRole('textbox', { name: 'Workflow JSON' });
    await expect.poll(() => json.innerText()).toContain('"a": 1');
    await json.fill('{"typed": true}');

    await failing(page, `**/api/base-workflows/${file}`, 'GET');
    const logged = page.waitForEvent('console', (message) => message.text().includes('base-workflows request failed'));
    // the window regaining focus reads the open file again
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await logged;
    expect(await json.innerText()).toBe('{"typed": true}');
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('keeps the override definitions table, and a cell being typed, when reading the list again fails', async () => {
    const key = `override_e2e_${randomBytes(3).toString('hex')}`;
    const page = await openAsAdmin('/admin?tab=override-definitions');
    await page.getByRole('table', { name: 'Override definitions' }).waitFor();
    await page.getByRole('button', { name: 'Add New Override' }).click();
    await page.getByRole('button', { name: /^Key of new override:/ }).click();
    await page.getByRole('textbox', { name: 'Key of new override' }).fill(key);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: new RegExp(`^Display Name of ${key}:`) }).click();
    const displayName = page.getByRole('textbox', { name: `Display Name of ${key}` });
    await displayName.fill('Half typed');

    await page.route(
      (url) => url.pathname === '/api/override-definitions',
      (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '' }) : route.continue()),
    );
    const logged = page.waitForEvent('console', (message) =>
      message.text().includes('override-definitions request failed'),
    );
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await logged;
    await page.getByRole('alert').getByText('Failed to fetch override definitions', { exact: true }).waitFor();
    expect(await displayName.inputValue()).toBe('Half typed');
  });

  it('says nothing of saved configurations, assets or favourites whose list failed to load', async () => {
    const user = await createUser('user');
    const token = await apiToken(user);
    const workflowId = await workflowIdByName(token, 'Image to Image');
    const body = { workflow_id: workflowId, config_name: 'Kept look', parameter_values: {} };
    await call('/configurations', { method: 'POST', token, body: JSON.stringify(body) });
    await call(`/workflows/${workflowId}/favorite`, { method: 'POST', token });
    const page = await openPage();
    await page.route(
      (url) =>
        url.pathname === '/api/assets' ||
        url.pathname === `/api/workflows/${workflowId}/configurations` ||
        (url.pathname === '/api/workflows' && url.searchParams.get('favorites') === 'true'),
      (route) => route.fulfill({ status: 500, body: '' }),
    );
    const logged = (what: string) =>
      page.waitForEvent('console', (message) => message.text().includes(`${what} request failed`));
    const failures = Promise.all([logged('assets'), logged('configurations'), logged('workflows')]);
    await signIn(page, user);
    await page.goto(appUrl(`/?workflow=${workflowId}`));
    await failures;

    await page.getByRole('button', { name: 'Upload image' }).waitFor();
    for (const claim of ['No saved configurations yet.', 'No assets available.', /^Star a workflow/]) {
      expect(await page.getByText(claim).count()).toBe(0);
    }
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("says nothing of Recent Jobs whose list failed to load, not 'No jobs found'", async () => {
    const user = await createUser('user');
    const token = await apiToken(user);
    await submitJob(token, jobRequest(await workflowIdByName(token, 'Text to Image'), 'Kept job', 1));
    const page = await openPage();
    await page.route(
      (url) => url.pathname === '/api/jobs' && url.searchParams.get('limit') === '5',
      (route) => route.fulfill({ status: 500, body: '' }),
    );
    const failed = page.waitForEvent('console', (message) => message.text().includes('jobs request failed'));
    await signIn(page, user);
    await failed;
    await page.getByText('Recent Jobs', { exact: true }).waitFor();
    expect(await page.getByText('No jobs found').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("opens the Generate dashboard's workflow dropdown without 'No results found' when its list failed to load", async () => {
    const user = await createUser('user');
    const page = await openPage();
    await page.route(
      (url) => url.pathname === '/api/workflows' && !url.searchParams.has('favorites'),
      (route) => route.fulfill({ status: 500, body: '' }),
    );
    const failed = page.waitForEvent('console', (message) => message.text().includes('workflows request failed'));
    await signIn(page, user);
    await failed;
    await page.getByRole('combobox', { name: 'Workflow' }).click();
    await page.getByRole('listbox').waitFor({ state: 'attached' });
    expect(await page.getByText('No results found').count()).toBe(0);
  });
});
