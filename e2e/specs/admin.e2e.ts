import { randomBytes } from 'node:crypto';
import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it, onTestFinished } from 'vitest';
import { apiToken, call } from '../support/api.js';
import { DESKTOP, PHONE, appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';
import { capture, textLines } from '../support/screens.js';
import { createUser } from '../support/users.js';

const openPage = pagesOfOneBrowser();

type Credentials = { username: string; password: string };

async function openAs(user: Credentials, viewport = DESKTOP): Promise<Page> {
  const page = await openPage(viewport);
  await signIn(page, user);
  return page;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const jsonEditor = (page: Page) => page.getByRole('textbox', { name: 'Workflow JSON' });

describe('admin area', () => {
  it('takes a base workflow from the JSON editor to a slug workflow a user must fill in, then revokes it', async () => {
    const tag = randomBytes(3).toString('hex');
    const file = `e2e-portrait-${tag}`;
    const renamed = `${file}-v2`;
    const subjectKey = `override_e2e_${tag}_subject`;
    const styleKey = `override_e2e_${tag}_style`;
    const graph = { '1': { class_type: 'CLIPTextEncode', inputs: { text: subjectKey, style: styleKey } } };
    const admin = await openAs(inject('e2eAdmin'));

    // Base Workflows: an invalid JSON is refused, Format JSON pretty-prints, then create and rename.
    await admin.goto(appUrl('/admin'));
    await admin.getByRole('button', { name: 'Create New Workflow' }).click();
    const editor = admin.getByRole('dialog');
    await editor.getByLabel(/Workflow name/).fill(file);
    await jsonEditor(admin).fill('{"1": ');
    await editor.getByRole('button', { name: 'Create Workflow' }).click();
    await editor.getByText(/^Invalid JSON: /).waitFor();
    await editor.getByRole('button', { name: 'Format JSON' }).click();
    await editor.getByText(/^Cannot format: /).waitFor();
    await jsonEditor(admin).fill(JSON.stringify(graph));
    await editor.getByRole('button', { name: 'Format JSON' }).click();
    expect(await jsonEditor(admin).innerText()).toContain(`{\n  "1": {\n    "class_type"`);
    await capture(admin, 'admin-base-workflow-editor');
    await editor.getByRole('button', { name: 'Create Workflow' }).click();
    await admin.getByText(/^Base workflow created successfully!.*committed/).waitFor();
    await admin.getByRole('cell', { name: `${file}.json`, exact: true }).waitFor();

    await admin.getByRole('button', { name: `Edit ${file}.json` }).click();
    await expect.poll(() => jsonEditor(admin).innerText()).toContain(subjectKey);
    await editor.getByLabel(/Workflow name/).fill(renamed);
    // the old name is gone once renamed: nothing reads it again (it answered 404 under the open editor)
    const failed: string[] = [];
    const onResponse = (response: Response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    };
    admin.on('response', onResponse);
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText(/^Base workflow renamed successfully!/).waitFor();
    await admin.getByRole('cell', { name: `${renamed}.json`, exact: true }).waitFor();
    admin.off('response', onResponse);
    expect(failed).toEqual([]);
    await capture(admin, 'admin-tab-base-workflows');

    // Override Definitions: the missing keys become definitions; inline edits with Enter and Escape.
    await tab(admin, 'Override Definitions').click();
    for (const key of [subjectKey, styleKey]) {
      await admin.getByRole('button', { name: key, exact: true }).click();
      await admin.getByRole('button', { name: `Save ${key}`, exact: true }).click();
      await admin.getByText('Override definition created successfully!').waitFor();
      await admin.getByRole('button', { name: `Key of ${key}` }).waitFor();
    }
    const subjectName = admin.getByRole('button', { name: `Display Name of ${subjectKey}` });
    expect(await subjectName.innerText()).toMatch(/^E2e \S+ Subject$/);
    await subjectName.click();
    await admin.getByRole('textbox', { name: `Display Name of ${subjectKey}` }).fill('Subject');
    await admin.keyboard.press('Enter');
    await admin.getByText('Override definition updated successfully!').waitFor();
    await expect.poll(() => subjectName.innerText()).toBe('Subject');
    await subjectName.click();
    await admin.getByRole('textbox', { name: `Display Name of ${subjectKey}` }).fill('Not saved');
    await admin.keyboard.press('Escape');
    expect(await subjectName.innerText()).toBe('Subject');
    const styleName = admin.getByRole('button', { name: `Display Name of ${styleKey}` });
    await styleName.click();
    await admin.getByRole('textbox', { name: `Display Name of ${styleKey}` }).fill('Style');
    await admin.keyboard.press('Enter');
    await expect.poll(() => styleName.innerText()).toBe('Style');
    await capture(admin, 'admin-tab-override-definitions');

    // Slug Workflows: the banner starts the create form for the renamed file.
    await tab(admin, 'Slug Workflows').click();
    await admin.getByRole('table', { name: 'Slug workflows' }).waitFor();
    await admin.getByRole('button', { name: renamed, exact: true }).waitFor();
    await capture(admin, 'admin-tab-slug-workflows');
    await admin.getByRole('button', { name: renamed, exact: true }).click();
    await admin.waitForURL(/\/admin\/workflow\/new-slug\?slug=/);
    expect(await admin.getByLabel(/Workflow slug/).inputValue()).toBe(renamed);
    const name = `E2E Portrait ${tag}`;
    await admin.getByLabel(/Workflow name/).fill(name);
    await admin.getByRole('button', { name: 'Add Override' }).click();
    const picker = admin.getByRole('dialog');
    await picker.getByText('Showing the overrides used by the base workflow.').waitFor();
    await picker.getByRole('button', { name: 'Subject', exact: true }).click();
    await picker.getByRole('button', { name: 'Subject (added)' }).waitFor();
    expect(await picker.getByRole('button', { name: 'Subject (added)' }).getAttribute('aria-disabled')).toBe('true');
    await picker.getByRole('button', { name: 'Style', exact: true }).click();
    await picker.getByRole('button', { name: 'Done' }).click();
    const overrides = admin.getByRole('list', { name: 'Parameter overrides' });
    await overrides.getByRole('listitem', { name: 'Subject' }).getByText('Required').click();
    await admin.getByRole('button', { name: 'Move Style up' }).click();
    const order = () =>
      overrides.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
    expect(await order()).toEqual(['Style', 'Subject']);
    await capture(admin, 'admin-slug-editor-create');
    await admin.getByRole('button', { name: 'Create Workflow' }).click();
    await admin.getByText('Workflow created successfully!').waitFor();
    await admin.waitForURL(/\/admin\/workflow\/\d+\/slug$/);
    const workflowId = Number(/workflow\/(\d+)\/slug/.exec(admin.url())![1]);
    // the workflow list spec counts the catalogue's cards, whichever spec file runs first
    onTestFinished(async () => {
      await call(`/workflows/${workflowId}`, { method: 'DELETE', token: await apiToken(inject('e2eAdmin')) });
    });
    await admin.getByRole('heading', { name: 'Edit slug workflow' }).waitFor();
    await overrides.getByRole('listitem').first().waitFor();
    expect(await order()).toEqual(['Style', 'Subject']);
    expect(await overrides.getByRole('listitem', { name: 'Subject' }).getByRole('checkbox').isChecked()).toBe(true);
    await capture(admin, 'admin-slug-editor-edit');

    // Edit saves in place: the links are kept, updated and reordered, not duplicated.
    await admin.getByLabel('Default value of Style').fill('watercolour');
    await admin.getByRole('button', { name: 'Move Subject up' }).click();
    await admin.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByText('Workflow updated successfully!').waitFor();
    await admin.reload();
    await overrides.getByRole('listitem').first().waitFor();
    expect(await order()).toEqual(['Subject', 'Style']);
    expect(await admin.getByLabel('Default value of Style').inputValue()).toBe('watercolour');

    // A role user sees it and must fill the required override.
    const roleUser = await createUser('user');
    const user = await openAs(roleUser);
    await user.goto(appUrl(`/workflow-slug/${workflowId}`));
    await user.getByRole('heading', { name, level: 1 }).waitFor();
    await user.getByLabel('Job name').fill('Needs a subject');
    await user.getByRole('button', { name: 'Generate', exact: true }).click();
    await user.getByText('Subject is required').first().waitFor();

    // The admin grants another workflow, then revokes this one: the user's list no longer shows it.
    await admin.goto(appUrl('/admin?tab=users'));
    await admin.getByRole('button', { name: `Manage ${roleUser.username}` }).click();
    const manage = admin.getByRole('dialog');
    const permission = (label: string) =>
      manage.getByRole('listitem').filter({ hasText: label }).locator('label').first();
    await permission('Text to Image').click();
    await manage.getByText('1 of').waitFor();
    await permission(name).click();
    await manage.getByText('2 of').waitFor();
    await capture(admin, 'admin-manage-user-dialog');
    await permission(name).click();
    await manage.getByText('1 of').waitFor();

    await user.goto(appUrl('/workflows'));
    await user.getByText('Text to Image').first().waitFor();
    expect(await user.getByText(name).count()).toBe(0);
  });

  it("keeps unsaved JSON through Escape and outside clicks, and refuses a save over another admin's change", async () => {
    const file = `e2e-shared-${randomBytes(3).toString('hex')}`;
    const token = await apiToken(inject('e2eAdmin'));
    await call('/base-workflows', { method: 'POST', token, body: JSON.stringify({ name: file, content: { v: 1 } }) });
    onTestFinished(async () => {
      const password = inject('e2eAdmin').password;
      await call(`/base-workflows/${file}.json`, {
        method: 'DELETE',
        token,
        body: JSON.stringify({ confirmPassword: password }),
      });
    });
    const admin = await openAs(inject('e2eAdmin'));
    await admin.goto(appUrl('/admin'));
    await admin.getByRole('button', { name: `Edit ${file}.json` }).click();
    const editor = admin.getByRole('dialog');
    await expect.poll(() => jsonEditor(admin).innerText()).toContain('"v": 1');
    await jsonEditor(admin).fill('{"v": "mine"}');

    // Escape in CodeMirror's search box closes the box, not the dialog
    await jsonEditor(admin).press('Control+f');
    const search = editor.getByRole('textbox', { name: 'Find' });
    await search.waitFor();
    await search.press('Escape');
    await search.waitFor({ state: 'detached' });
    // with unsaved text, Escape and a click outside keep the dialog and say how to discard it
    await jsonEditor(admin).press('Escape');
    await editor.getByText('This workflow has unsaved changes: save them, or press Cancel to discard them').waitFor();
    await admin.mouse.click(5, 5);
    expect(await editor.isVisible()).toBe(true);
    expect(await jsonEditor(admin).innerText()).toContain('"mine"');

    // another admin saves meanwhile: this save is refused, and the text typed here stays
    await call(`/base-workflows/${file}.json`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ content: { v: 'theirs' } }),
    });
    await editor.getByRole('button', { name: 'Save Changes' }).click();
    await editor.getByText(`${file}.json was changed by someone else since you opened it`, { exact: false }).waitFor();
    expect(await jsonEditor(admin).innerText()).toContain('"mine"');
    const stored = await call<{ content: unknown }>(`/base-workflows/${file}.json`, { token });
    expect(stored.content).toEqual({ v: 'theirs' });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
  });

  it("keeps the page when the JSON editor's file is gone after an update, and a reload brings the editor", async () => {
    const admin = await openAs(inject('e2eAdmin'));
    await admin.goto(appUrl('/admin'));
    const edit = admin.getByRole('button', { name: /^Edit .+\.json$/ }).first();
    await edit.waitFor();
    // a new build deployed since this tab opened: the old build's editor file answers 404
    const oldEditorFile = '**/assets/json-code-editor-*.js';
    await admin.route(oldEditorFile, (route) => route.fulfill({ status: 404, body: '' }));
    await edit.click();
    const dialog = admin.getByRole('dialog');
    await dialog
      .getByRole('alert')
      .filter({
        hasText: 'The JSON editor could not be loaded: Atelier may have been updated since this page was opened.',
      })
      .waitFor();
    // the page behind it is whole: Cancel goes back to it
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await tab(admin, 'Base Workflows').isVisible()).toBe(true);

    await edit.click();
    await admin.unroute(oldEditorFile);
    await dialog.getByRole('button', { name: 'Reload page' }).click();
    await edit.click();
    await jsonEditor(admin).waitFor();
  });

  it('keeps an unsaved override row through a visit to another tab, and wraps a long category beside its actions', async () => {
    const admin = await openAs(inject('e2eAdmin'));
    await admin.goto(appUrl('/admin'));
    await tab(admin, 'Override Definitions').click();
    await admin.getByRole('button', { name: 'Add New Override' }).click();
    const table = admin.getByRole('table', { name: 'Override definitions' });
    await table.getByText('New', { exact: true }).waitFor();
    await tab(admin, 'Base Workflows').click();
    await tab(admin, 'Override Definitions').click();
    await table.getByText('New', { exact: true }).waitFor();
    await table.getByRole('button', { name: 'Cancel new override', exact: true }).click();
    expect(await table.getByText('New', { exact: true }).count()).toBe(0);

    const key = `override_e2e_long_${randomBytes(3).toString('hex')}`;
    const token = await apiToken(inject('e2eAdmin'));
    const created = await call<{ id: number }>('/override-definitions', {
      method: 'POST',
      token,
      body: JSON.stringify({
        override_key: key,
        display_name: 'Long category',
        data_type: 'string',
        category: 'c'.repeat(99),
      }),
    });
    onTestFinished(() =>
      call(`/override-definitions/${created.id}`, {
        method: 'DELETE',
        token,
        body: JSON.stringify({ confirmPassword: inject('e2eAdmin').password }),
      }).then(
        () => undefined,
        () => undefined, // deleted by the test itself
      ),
    );
    await admin.reload();
    const remove = admin.getByRole('button', { name: `Delete ${key}` });
    await remove.waitFor();
    // in view without scrolling the table sideways
    const box = await remove.boundingBox();
    const viewport = admin.viewportSize()!;
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);

    // deleted with the password, its row goes, and the keyboard stays in the tab
    await remove.click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByLabel('Delete confirmation password').fill(inject('e2eAdmin').password);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Override definition deleted successfully', { exact: false }).waitFor();
    await remove.waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'detached' });
    expect(await admin.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null)).toBe(true);
  });

  it("keeps every user's actions in view and a 200-character name inside its dialog", async () => {
    const token = await apiToken(inject('e2eAdmin'));
    const username = `long${randomBytes(3).toString('hex')}`.padEnd(200, 'u');
    const created = await call<{ id: number }>('/admin/users', {
      method: 'POST',
      token,
      body: JSON.stringify({
        username,
        email: `${'e'.repeat(200)}@example.com`,
        password: 'long-user-password',
        role: 'user',
      }),
    });
    onTestFinished(() =>
      call(`/admin/users/${created.id}`, { method: 'DELETE', token }).then(
        () => undefined,
        () => undefined,
      ),
    );
    const admin = await openAs(inject('e2eAdmin'));
    await admin.goto(appUrl('/admin?tab=users'));
    const remove = admin.getByRole('button', { name: `Delete ${username}` });
    await remove.waitFor();
    const button = await remove.boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(admin.viewportSize()!.width);

    await admin.getByRole('button', { name: `Edit ${username}` }).click();
    const dialog = admin.getByRole('dialog');
    const title = await dialog.getByRole('heading', { name: `Edit ${username}` }).boundingBox();
    const frame = await dialog.boundingBox();
    expect(title!.x + title!.width).toBeLessThanOrEqual(frame!.x + frame!.width);
  });

  it('keeps a slug workflow with a 200-character name, a 100-character slug and nine tags whole at 1280 px', async () => {
    const token = await apiToken(inject('e2eAdmin'));
    const [definition] = await call<Array<{ id: number }>>('/override-definitions', { token });
    const name = `Long slug workflow ${randomBytes(3).toString('hex')} `.padEnd(200, 'name ').trim();
    const slug = `long-slug-${randomBytes(3).toString('hex')}`.padEnd(100, 'x');
    const tags = ['stable-diffusion', 'workflow', 'ai-art', 'upscaling', 'enhancement', 'portrait', 'landscape'];
    const created = await call<{ id: number }>('/workflows', {
      method: 'POST',
      token,
      body: JSON.stringify({
        name,
        workflow_type: 'slug',
        workflow_slug: slug,
        category: 'Image Generation',
        tags: [...tags, 'animation', 'text-to-image'],
        overrides: [{ override_definition_id: definition!.id }],
      }),
    });
    onTestFinished(() =>
      call(`/workflows/${created.id}`, { method: 'DELETE', token }).then(
        () => undefined,
        () => undefined,
      ),
    );
    const admin = await openAs(inject('e2eAdmin'), { width: 1280, height: 900 });
    await admin.goto(appUrl('/admin?tab=slug-workflows'));
    const remove = admin.getByRole('button', { name: `Delete ${name}` });
    await remove.waitFor();
    // the row's actions in view without scrolling the table sideways
    const button = await remove.boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(1280);
    const table = admin.getByRole('table', { name: 'Slug workflows' });
    const overflow = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
    expect(overflow).toBe(0);
    // the tags share lines: not one tag a line down a narrow column
    const row = table.getByRole('row').filter({ has: remove });
    const tops = await row
      .getByText(/^(stable-diffusion|workflow|ai-art|upscaling|enhancement|portrait|landscape)$/)
      .evaluateAll((badges) => new Set(badges.map((badge) => Math.round(badge.getBoundingClientRect().top))).size);
    expect(tops).toBeLessThan(tags.length);
  });

  it("keeps a usual email on one line at 1280 px beside another user's 200-character name", async () => {
    const token = await apiToken(inject('e2eAdmin'));
    const suffix = randomBytes(3).toString('hex');
    const people = [
      { username: `longname${suffix}`.padEnd(200, 'n'), email: `long${suffix}@example.com` },
      { username: `usual${suffix}`, email: `usual.${suffix}@example.com` },
    ];
    for (const person of people) {
      const created = await call<{ id: number }>('/admin/users', {
        method: 'POST',
        token,
        body: JSON.stringify({ ...person, password: 'usual-user-password', role: 'user' }),
      });
      onTestFinished(() =>
        call(`/admin/users/${created.id}`, { method: 'DELETE', token }).then(
          () => undefined,
          () => undefined,
        ),
      );
    }
    const admin = await openAs(inject('e2eAdmin'), { width: 1280, height: 900 });
    await admin.goto(appUrl('/admin?tab=users'));
    const email = admin.getByRole('cell', { name: people[1]!.email, exact: true });
    await email.waitFor();
    const lines = await textLines(email);
    expect(lines).toBe(1);
  });

  it('gives the focus back to Delete when the delete password dialog is left with Escape or Cancel', async () => {
    const admin = await openAs(inject('e2eAdmin'));
    await admin.goto(appUrl('/admin'));
    const focusedName = () => admin.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    for (const [tabName, deleteButton] of [
      ['Base Workflows', /^Delete .+\.json$/],
      ['Override Definitions', /^Delete override_/],
    ] as const) {
      await tab(admin, tabName).click();
      const opener = admin.getByRole('button', { name: deleteButton }).first();
      const name = await opener.getAttribute('aria-label');
      for (const leave of ['Escape', 'Cancel']) {
        await opener.focus();
        await admin.keyboard.press('Enter');
        const dialog = admin.getByRole('alertdialog');
        await expect
          .poll(() => dialog.getByLabel('Delete confirmation password').evaluate((el) => el === document.activeElement))
          .toBe(true);
        if (leave === 'Escape') await admin.keyboard.press('Escape');
        else await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        expect(await focusedName(), `${tabName}, ${leave}`).toBe(name);
      }
    }
  });

  it('creates a user who can then sign in', async () => {
    const admin = await openAs(inject('e2eAdmin'));
    await admin.goto(appUrl('/admin?tab=users'));
    await admin.getByRole('button', { name: 'Create User' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Please fill in all required fields').waitFor();
    const username = `made_${randomBytes(3).toString('hex')}`;
    const password = `pw-${randomBytes(6).toString('hex')}`;
    await dialog.getByLabel(/Username/).fill(username);
    await dialog.getByLabel(/Email/).fill(`${username}@example.test`);
    await dialog.getByLabel(/Password/).fill(password);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await admin.getByText('User created successfully!').waitFor();
    await admin.getByRole('cell', { name: username, exact: true }).waitFor();
    await capture(admin, 'admin-tab-users');

    const newcomer = await openAs({ username, password });
    await newcomer.getByRole('heading', { name: 'Generate', level: 1 }).waitFor();
  });

  it('deletes a user after showing what goes with them, and asks nothing more about them after', async () => {
    const doomed = await createUser('user');
    const admin = await openAs(inject('e2eAdmin'));
    const previews: number[] = [];
    admin.on('response', (response) => {
      if (response.url().endsWith('/delete-preview')) previews.push(response.status());
    });
    await admin.goto(appUrl('/admin?tab=users'));
    await admin.getByRole('button', { name: `Delete ${doomed.username}` }).click();
    const dialog = admin.getByRole('alertdialog');
    await dialog.getByRole('list', { name: 'Removed with the user' }).getByText('0 jobs').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await admin.getByText(`User ${doomed.username} deleted`).waitFor();
    await admin.getByRole('cell', { name: doomed.username, exact: true }).waitFor({ state: 'detached' });
    await admin.waitForLoadState('networkidle');
    expect(previews).toEqual([200]);
    // the row's button went with the row: the keyboard stays in the tab, not at the page's start
    expect(await admin.evaluate(() => document.activeElement?.closest('[role="tabpanel"]') !== null)).toBe(true);
  });

  it('shows the open tab whole on a phone, its name unbroken, in a row that scrolls', async () => {
    const admin = await openAs(inject('e2eAdmin'), PHONE);
    await admin.goto(appUrl('/admin?tab=users'));
    const open = tab(admin, 'User Management');
    await open.waitFor();
    await expect
      .poll(async () => {
        const box = (await open.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= PHONE.width;
      })
      .toBe(true);
    // one line: a name broken over two lines was cut off mid-word
    const lines = await textLines(open);
    expect(lines).toBe(1);
  });

  it("keeps the Manage dialog's tabs in place when the other tab is taller or shorter", async () => {
    const managed = await createUser('user');
    const token = await apiToken(inject('e2eAdmin'));
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta', 'Theta'])
      await call(`/admin/users/${managed.id}/folders`, { method: 'POST', token, body: JSON.stringify({ name }) });
    for (const viewport of [DESKTOP, PHONE]) {
      const admin = await openAs(inject('e2eAdmin'), viewport);
      await admin.goto(appUrl('/admin?tab=users'));
      await admin.getByRole('button', { name: `Manage ${managed.username}` }).click();
      const manage = admin.getByRole('dialog', { name: `Manage ${managed.username}` });
      const folders = manage.getByRole('tab', { name: 'Folders' });
      await manage.getByRole('listitem').first().waitFor();
      const top = async () => (await folders.boundingBox())!.y;
      // measured once the dialog's opening animation (it slides in) has ended
      await manage.evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)));
      const before = await top();
      await folders.click();
      await manage.getByText('Theta').waitFor();
      // the pointer that pressed Folders is still over it, so pressing again goes back at once
      expect(await top()).toBeCloseTo(before, 0);
      await manage.getByRole('tab', { name: 'Workflow Permissions' }).click();
      await manage.getByRole('listitem').first().waitFor();
      expect(await top()).toBeCloseTo(before, 0);
    }
  });

  it('shows Access Denied to a role user', async () => {
    const page = await openAs(await createUser('user'));
    await page.goto(appUrl('/admin'));
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('You need admin privileges to access this page.').waitFor();
    await capture(page, 'admin-access-denied');
  });
});
