import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiToken, call } from '../support/api.js';
import { WAIT, appUrl, pagesOfOneBrowser, signIn } from '../support/browser.js';

const openPage = pagesOfOneBrowser();

let token: string;

beforeAll(async () => {
  token = await apiToken(inject('e2eAdmin'));
});

async function openAdmin(path: string): Promise<Page> {
  const page = await openPage();
  await signIn(page, inject('e2eAdmin'));
  await page.goto(appUrl(path));
  return page;
}

interface Definition {
  id: number;
  updated_at: string;
  override_key: string;
  data_type: string;
  validation_rules: Record<string, unknown>;
}

async function createDefinition(body: Partial<Definition>): Promise<Definition> {
  const key = `override_edit_${randomBytes(3).toString('hex')}`;
  return call<Definition>('/override-definitions', {
    method: 'POST',
    token,
    body: JSON.stringify({ override_key: key, display_name: 'Edited', ...body }),
  });
}

/** A user of role user named `<prefix>_<random>`. */
function createUser(prefix: string, extra: object = {}) {
  const username = `${prefix}_${randomBytes(3).toString('hex')}`;
  return call<{ id: number; username: string; updated_at: string }>('/admin/users', {
    method: 'POST',
    token,
    body: JSON.stringify({
      username,
      email: `${username}@example.test`,
      password: `pw-${randomBytes(6).toString('hex')}`,
      role: 'user',
      ...extra,
    }),
  });
}

async function definition(id: number): Promise<Definition | undefined> {
  const all = await call<Definition[]>('/override-definitions', { token });
  return all.find((d) => d.id === id);
}

describe('admin edits in place', () => {
  it("changes a saved definition's data type, dropping the old type's rules, and holds a select until it has options", async () => {
    const made = await createDefinition({ data_type: 'string', validation_rules: { max_length: 40 } });
    const key = made.override_key;
    const page = await openAdmin('/admin?tab=override-definitions');
    const typeCell = page.getByRole('button', { name: `Data Type of ${key}: string` });

    // string -> integer: max_length means nothing to an integer, so it goes and the change saves
    await typeCell.click();
    await page.getByRole('combobox', { name: `Data Type of ${key}` }).selectOption('integer');
    await page.keyboard.press('Enter');
    await page.getByText('Override definition updated successfully!').waitFor();
    await expect
      .poll(async () => definition(made.id), WAIT)
      .toMatchObject({ data_type: 'integer', validation_rules: {} });

    // integer -> select cannot be saved without options: the row waits, marked, with the reason
    await page.getByRole('button', { name: `Data Type of ${key}: integer` }).click();
    await page.getByRole('combobox', { name: `Data Type of ${key}` }).selectOption('select');
    await page.keyboard.press('Enter');
    await page.getByText('A select override needs options').waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Key of ${key}` }) });
    await row.getByText('Unsaved').waitFor();
    expect((await definition(made.id))?.data_type).toBe('integer');

    await row.getByRole('button', { name: new RegExp(`^Validation Rules of ${key}: `) }).click();
    await page.getByRole('textbox', { name: `Validation Rules of ${key}` }).fill('{"options": ["soft", "hard"]}');
    await page.keyboard.press('Enter');
    await page.getByText('Override definition updated successfully!').waitFor();
    await row.getByText('Unsaved').waitFor({ state: 'detached' });
    expect(await definition(made.id)).toMatchObject({
      data_type: 'select',
      validation_rules: { options: ['soft', 'hard'] },
    });

    // rules that do not parse wait too, and Discard puts back what the server holds
    await row.getByRole('button', { name: new RegExp(`^Validation Rules of ${key}: `) }).click();
    await page.getByRole('textbox', { name: `Validation Rules of ${key}` }).fill('{"options": ["soft",');
    await page.keyboard.press('Enter');
    await page.getByText(/^Invalid JSON: /).waitFor();
    await row.getByText('Unsaved').waitFor();
    await row.getByRole('button', { name: `Discard ${key}`, exact: true }).click();
    await row.getByText('Unsaved').waitFor({ state: 'detached' });
    expect(await row.getByRole('button', { name: new RegExp(`^Validation Rules of ${key}: `) }).innerText()).toContain(
      '"hard"',
    );
  });

  it('saves a new row with the Save click that ends a description edit, though the row shrinks under it', async () => {
    const key = `override_edit_${randomBytes(3).toString('hex')}`;
    const page = await openAdmin('/admin?tab=override-definitions');
    await page.getByRole('button', { name: 'Add New Override' }).click();
    await page.getByRole('button', { name: 'Key of new override: —' }).click();
    await page.keyboard.type(key);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Display Name of ${key}: —` }).click();
    await page.keyboard.type('Grain');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Description of ${key}: —` }).click();
    // one short line: the open textarea is taller than the text it leaves behind
    const description = 'Film grain strength';
    await page.getByRole('textbox', { name: `Description of ${key}` }).fill(description);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Key of ${key}` }) });
    // one click, straight from the open textarea: the blur that saves the cell must not eat it
    await row.getByRole('button', { name: `Save ${key}`, exact: true }).click();
    await page.getByText('Override definition created successfully!').waitFor();
    const all = await call<Array<Definition & { display_name: string; description: string }>>('/override-definitions', {
      token,
    });
    expect(all.find((d) => d.override_key === key)).toMatchObject({ display_name: 'Grain', description });
  });

  it("refuses a definition change from a table listed before another admin's change, and shows that change", async () => {
    const made = await createDefinition({});
    const key = made.override_key;
    const page = await openAdmin('/admin?tab=override-definitions');
    await page.getByRole('button', { name: `Display Name of ${key}: Edited` }).waitFor();

    // meanwhile another admin renames it, from the same version
    await call(`/override-definitions/${made.id}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ override_key: key, display_name: 'Guidance', expected_updated_at: made.updated_at }),
    });

    // this table still shows 'Edited': a category typed here would send that name back
    await page.getByRole('button', { name: `Category of ${key}: —` }).click();
    await page.getByRole('textbox', { name: `Category of ${key}` }).fill('Sampling');
    await page.keyboard.press('Enter');
    await page.getByText('Guidance was changed by someone else since you opened it', { exact: false }).waitFor();
    await page.getByRole('button', { name: `Display Name of ${key}: Guidance` }).waitFor();
    expect(await definition(made.id)).toMatchObject({ display_name: 'Guidance', category: null });
  });

  it('opens the next delete with an empty password field', async () => {
    const first = await createDefinition({});
    const second = await createDefinition({});
    const page = await openAdmin('/admin?tab=override-definitions');
    await page.getByRole('button', { name: `Delete ${first.override_key}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Delete confirmation password').fill(inject('e2eAdmin').password);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Override definition deleted successfully!').waitFor();
    await expect.poll(async () => definition(first.id), WAIT).toBeUndefined();

    await page.getByRole('button', { name: `Delete ${second.override_key}` }).click();
    await dialog.getByLabel('Delete confirmation password').waitFor();
    expect(await dialog.getByLabel('Delete confirmation password').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('Please enter the delete confirmation password').waitFor();
    expect(await definition(second.id)).toBeDefined();
  });

  it("removes a user's own API key, so the system-wide key is used again", async () => {
    const { username } = await createUser('keyed', { eok_api_key: 'sk-own-key-0123456789' });
    const page = await openAdmin('/admin?tab=users');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
    await row.getByText('sk-own-key-0').waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Remove the key: use the system-wide one').click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('User updated successfully!').waitFor();
    await row.getByText('Not set').waitFor();
    const users = await call<Array<{ username: string; eok_api_key: string | null }>>('/admin/users', { token });
    expect(users.find((u) => u.username === username)?.eok_api_key).toBeNull();
  });
  it("refuses a user edit from a list read before another admin's edit, so it cannot put that one back", async () => {
    const made = await createUser('shared');
    const { username } = made;
    const page = await openAdmin('/admin?tab=users');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
    await row.getByRole('button', { name: 'Edit' }).waitFor();

    // meanwhile another admin moves the address, from the same version
    await call(`/admin/users/${made.id}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ email: `${username}@moved.example.test`, expected_updated_at: made.updated_at }),
    });

    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Role' }).selectOption('admin');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText(`${username} was changed by someone else since you opened it`, { exact: false }).waitFor();
    const users = await call<Array<{ username: string; email: string; role: string }>>('/admin/users', { token });
    expect(users.find((u) => u.username === username)).toMatchObject({
      email: `${username}@moved.example.test`,
      role: 'user',
    });
  });

  it("refuses a slug workflow save over another admin's later one, keeping both that save and the typing", async () => {
    const definitions = await call<Definition[]>('/override-definitions', { token });
    const idOf = (key: string) => definitions.find((d) => d.override_key === key)!.id;
    const name = `Shared ${randomBytes(3).toString('hex')}`;
    const { id } = await call<{ id: number }>('/workflows', {
      method: 'POST',
      token,
      body: JSON.stringify({
        name,
        workflow_slug: 'flux-portrait',
        overrides: [{ override_definition_id: idOf('override_prompt') }],
      }),
    });
    const page = await openAdmin(`/admin/workflow/${id}/slug`);
    const nameField = page.getByRole('textbox', { name: 'Workflow name' });
    await expect.poll(() => nameField.inputValue(), WAIT).toBe(name);

    // meanwhile another admin adds Width from the same workflow
    interface Saved {
      updated_at: string;
      workflow_overrides: Array<{ id: number; override_key: string }>;
    }
    const other = await call<Saved>(`/workflows/${id}`, { token });
    await call(`/workflows/${id}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({
        name,
        workflow_slug: 'flux-portrait',
        expected_updated_at: other.updated_at,
        overrides: [
          { id: other.workflow_overrides[0]!.id, override_definition_id: idOf('override_prompt') },
          { override_definition_id: idOf('override_width') },
        ],
      }),
    });

    await nameField.fill(`${name} renamed`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(`${name} was changed by someone else since you opened it`, { exact: false }).waitFor();
    expect(await nameField.inputValue()).toBe(`${name} renamed`);
    const saved = await call<Saved & { name: string }>(`/workflows/${id}`, { token });
    expect(saved.name).toBe(name);
    expect(saved.workflow_overrides.map((link) => link.override_key)).toEqual(['override_prompt', 'override_width']);
  });
});
