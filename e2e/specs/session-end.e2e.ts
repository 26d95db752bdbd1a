import type { Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { DESKTOP, appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';
import { apiToken, call } from '../support/api.js';
import { catalogueIds, type CatalogueIds } from '../support/catalogue.js';
import { capture, field } from '../support/screens.js';
import { createUser, endSessions } from '../support/users.js';

const openPage = pagesOfOneBrowser();
const RESTORED = 'Your session had ended, so nothing was submitted. What you had entered is back.';
const RESTORED_UNSAVED = 'Your session had ended, so nothing was saved. What you had entered is back.';
const SESSION_ENDED = 'Your session has ended (it expired, or your account changed). Please sign in again.';

let ids: CatalogueIds;

beforeAll(async () => {
  ids = await catalogueIds(inject('e2eAdmin'));
});

type Credentials = { username: string; password: string };

/** The login screen shown in place of the app, at the address the user was on. */
async function signInAgain(page: Page, user: Credentials): Promise<void> {
  await page.getByText(SESSION_ENDED).waitFor();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  const signInButton = page.getByRole('button', { name: 'Sign in' });
  await signInButton.click();
  // not the navigation: a dialog opened again hides the rest of the page from the accessibility tree
  await signInButton.waitFor({ state: 'detached' });
}

/** Signed in, the Text to Image form filled in, then the server ends the session and Generate is pressed. */
async function filledInWhenTheSessionEnds(user: Credentials & { id: number }): Promise<Page> {
  const page = await openPage(DESKTOP);
  await signIn(page, user);
  await page.goto(appUrl(`/workflow/${ids['Text to Image']}`));
  await page.getByRole('heading', { name: 'Text to Image', level: 1 }).waitFor();
  await page.getByLabel('Job name').fill('Typed before the session ended');
  await page.getByLabel('Steps', { exact: true }).fill('42');
  await page.getByRole('radio', { name: 'Fixed' }).check({ force: true });
  await page.getByLabel('Seed', { exact: true }).fill('1234');
  await endSessions(user.id);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  return page;
}

describe('A session the server ends while a form is filled in', () => {
  it('gives the typing back once the same user signs in again, and Generate then sends it', async () => {
    const user = await createUser('user');
    const page = await filledInWhenTheSessionEnds(user);
    await signInAgain(page, user);

    await page.getByRole('heading', { name: 'Text to Image', level: 1 }).waitFor();
    await page.getByRole('status').getByText(RESTORED).waitFor();
    expect(await page.getByLabel('Job name').inputValue()).toBe('Typed before the session ended');
    expect(await page.getByLabel('Steps', { exact: true }).inputValue()).toBe('42');
    expect(await page.getByRole('radio', { name: 'Fixed' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Seed', { exact: true }).inputValue()).toBe('1234');
    await capture(page, 'session-end-restored-desktop');

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/jobs') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const { id } = (await (await answer).json()) as { id: number };
    await page.getByText('Job submitted successfully! Generating 1 images').waitFor();
    expect(await page.getByText(RESTORED).count()).toBe(0);
    const job = await call<{ job_name: string; parameters: Record<string, unknown> }>(`/jobs/${id}`, {
      token: await apiToken(user),
    });
    expect(job.job_name).toBe('Typed before the session ended');
    expect(job.parameters).toMatchObject({ steps: 42, seed: { mode: 'fixed', seed: 1234 } });

    // given back once: a reload starts from the workflow's defaults again
    await page.reload();
    await page.getByRole('heading', { name: 'Text to Image', level: 1 }).waitFor();
    expect(await page.getByLabel('Job name').inputValue()).toBe('');
    expect(await page.getByText(RESTORED).count()).toBe(0);
  });

  it('shows another user who signs in on that tab none of it, nor the first user after a sign-out', async () => {
    const first = await createUser('user');
    const second = await createUser('user');
    const page = await filledInWhenTheSessionEnds(first);
    await signInAgain(page, second);
    await page.getByRole('heading', { name: 'Text to Image', level: 1 }).waitFor();
    await field(page, 'Steps').waitFor();
    expect(await page.getByLabel('Job name').inputValue()).toBe('');
    expect(await page.getByLabel('Steps', { exact: true }).inputValue()).not.toBe('42');
    expect(await page.getByText(RESTORED).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(page, first);
    await page.goto(appUrl(`/workflow/${ids['Text to Image']}`));
    await page.getByRole('heading', { name: 'Text to Image', level: 1 }).waitFor();
    expect(await page.getByLabel('Job name').inputValue()).toBe('');
    expect(await page.getByText(RESTORED).count()).toBe(0);
  });
});

describe('A session the server ends while a base workflow is being edited', () => {
  it('opens the editor again with the unsaved JSON, and the save then goes through', async () => {
    const admin = await createUser('admin');
    const file = `e2e-kept-${randomBytes(3).toString('hex')}.json`;
    const token = await apiToken(admin);
    await call('/base-workflows', { method: 'POST', token, body: JSON.stringify({ name: file, content: { v: 1 } }) });
    onTestFinished(async () => {
      await call(`/base-workflows/${file}`, {
        method: 'DELETE',
        token: await apiToken(admin),
        body: JSON.stringify({ confirmPassword: admin.password }),
      });
    });
    const page = await openPage(DESKTOP);
    await signIn(page, admin);
    await page.goto(appUrl('/admin'));
    await page.getByRole('button', { name: `Edit ${file}` }).click();
    const json = page.getByRole('textbox', { name: 'Workflow JSON' });
    await expect.poll(() => json.innerText()).toContain('"v": 1');
    await json.fill('{"v": 2, "typed": "before the session ended"}');

    await endSessions(admin.id);
    await page.getByRole('dialog').getByRole('button', { name: 'Save Changes' }).click();
    await signInAgain(page, admin);

    const editor = page.getByRole('dialog');
    await editor.getByRole('status').getByText(RESTORED_UNSAVED).waitFor();
    expect(await editor.getByRole('heading', { name: `Edit ${file}` }).count()).toBe(1);
    expect(await json.innerText()).toContain('before the session ended');
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(/^Base workflow updated successfully!/).waitFor();
    const saved = await call<{ content: unknown }>(`/base-workflows/${file}`, { token: await apiToken(admin) });
    expect(saved.content).toEqual({ v: 2, typed: 'before the session ended' });
  });
});

describe('A session that ends while a slug workflow is being set up', () => {
  it('fills the editor in again, overrides included, once the admin signs in again', async () => {
    const admin = await createUser('admin');
    const tag = randomBytes(3).toString('hex');
    const page = await openPage(DESKTOP);
    await signIn(page, admin);
    await page.goto(appUrl('/admin/workflow/new-slug'));
    await page.getByLabel(/Workflow name/).fill(`Kept ${tag}`);
    await page.getByLabel(/Workflow slug/).fill(`e2e-kept-${tag}`);
    await page.getByRole('button', { name: 'Add Override' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('button', { name: 'Prompt', exact: true }).click();
    await picker.getByRole('button', { name: 'Done' }).click();
    const overrides = page.getByRole('list', { name: 'Parameter overrides' });
    await overrides.getByRole('listitem', { name: 'Prompt' }).waitFor();

    // nothing is pressed: the page's own next poll meets the ended session
    await endSessions(admin.id);
    await signInAgain(page, admin);

    await page.getByRole('status').getByText(RESTORED_UNSAVED).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/workflow/new-slug');
    expect(await page.getByLabel(/Workflow name/).inputValue()).toBe(`Kept ${tag}`);
    expect(await page.getByLabel(/Workflow slug/).inputValue()).toBe(`e2e-kept-${tag}`);
    await overrides.getByRole('listitem', { name: 'Prompt' }).waitFor();
  });
});

describe('A session that ends with override definitions left unsaved', () => {
  it('gives the new row back, and its Save then creates the definition', async () => {
    const admin = await createUser('admin');
    const key = `override_e2e_kept_${randomBytes(3).toString('hex')}`;
    onTestFinished(async () => {
      const token = await apiToken(admin);
      const definitions = await call<Array<{ id: number; override_key: string }>>('/override-definitions', { token });
      const made = definitions.find((d) => d.override_key === key);
      if (made)
        await call(`/override-definitions/${made.id}`, {
          method: 'DELETE',
          token,
          body: JSON.stringify({ confirmPassword: admin.password }),
        });
    });
    const page = await openPage(DESKTOP);
    await signIn(page, admin);
    await page.goto(appUrl('/admin?tab=override-definitions'));
    await page.getByRole('button', { name: 'Add New Override' }).click();
    await page.getByRole('button', { name: 'Key of new override: —' }).click();
    await page.keyboard.type(key);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Display Name of ${key}: —` }).click();
    await page.keyboard.type('Kept grain');
    await page.keyboard.press('Enter');

    // nothing is pressed: the page's own next poll meets the ended session
    await endSessions(admin.id);
    await signInAgain(page, admin);

    await page.getByRole('status').getByText(RESTORED_UNSAVED).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Key of ${key}` }) });
    await row.getByRole('button', { name: `Display Name of ${key}: Kept grain` }).waitFor();
    await row.getByRole('button', { name: `Save ${key}`, exact: true }).click();
    await page.getByText('Override definition created successfully!').waitFor();
    const definitions = await call<Array<{ override_key: string; display_name: string }>>('/override-definitions', {
      token: await apiToken(admin),
    });
    expect(definitions.find((d) => d.override_key === key)?.display_name).toBe('Kept grain');
  });
});
