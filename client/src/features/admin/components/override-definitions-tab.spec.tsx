import type { OverrideDefinition } from '@atelier/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, testUser } from '../../../test/render-app';
import { missingKeysQueryOptions, overrideDefinitionsQueryOptions } from '../api/override-definitions';
import { holdFetch } from '../../../test/held-fetch';

const definition = (id: number, key: string, extra: Partial<OverrideDefinition>): OverrideDefinition => ({
  id,
  override_key: key,
  display_name: key,
  description: null,
  data_type: 'string',
  validation_rules: {},
  category: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const definitions = [
  definition(1, 'override_prompt', {
    display_name: 'Prompt',
    description: 'What to draw',
    validation_rules: { max_length: 2000 },
  }),
  definition(2, 'override_steps', {
    description: 'Denoising steps',
    data_type: 'integer',
    validation_rules: { min: 1 },
  }),
  definition(3, 'override_cfg', {
    display_name: 'CFG',
    description: 'Adherence',
    data_type: 'float',
    validation_rules: { step: 0.5 },
  }),
];

/** The override keys, top to bottom, as the table shows them. */
function keysInOrder(): string[] {
  const table = screen.getByRole('table', { name: 'Override definitions' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent ?? '');
}

describe('override definitions table', () => {
  it('sorts by every column, the description and validation rules included, each way', async () => {
    const rendered = renderApp('/admin?tab=override-definitions', { user: testUser('admin') });
    act(() => {
      rendered.queryClient.setQueryData(overrideDefinitionsQueryOptions().queryKey, definitions);
      rendered.queryClient.setQueryData(missingKeysQueryOptions().queryKey, {});
    });
    const user = userEvent.setup();
    expect(await screen.findByText('override_cfg')).toBeInTheDocument();
    expect(keysInOrder()).toEqual(['override_prompt', 'override_steps', 'override_cfg']);

    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    await user.click(within(header('Description')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_cfg', 'override_steps', 'override_prompt']);
    expect(header('Description')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header('Description')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_prompt', 'override_steps', 'override_cfg']);
    expect(header('Description')).toHaveAttribute('aria-sort', 'descending');

    // as the cells show them: {"max_length": 2000} < {"min": 1} < {"step": 0.5}
    await user.click(within(header('Validation Rules')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_prompt', 'override_steps', 'override_cfg']);
    expect(header('Description')).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header('Validation Rules')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_cfg', 'override_steps', 'override_prompt']);

    await user.click(within(header('Key')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_cfg', 'override_prompt', 'override_steps']);
    await user.click(within(header('Data Type')).getByRole('button'));
    expect(keysInOrder()).toEqual(['override_cfg', 'override_steps', 'override_prompt']);
  });
});

/** The tab with `definitions` already loaded, as the server would have answered. */
function renderTab() {
  const rendered = renderApp('/admin?tab=override-definitions', { user: testUser('admin') });
  act(() => {
    rendered.queryClient.setQueryData(overrideDefinitionsQueryOptions().queryKey, definitions);
    rendered.queryClient.setQueryData(missingKeysQueryOptions().queryKey, {});
  });
  return rendered;
}

describe('override definitions table, from the keyboard', () => {
  it("keeps the focus on a row's Save while saving, then gives it to the saved row's Delete", async () => {
    const user = userEvent.setup();
    const { spy: fetchSpy, answer } = holdFetch();
    try {
      const { queryClient } = renderTab();
      await user.click(await screen.findByRole('button', { name: 'Add New Override' }));
      await user.click(screen.getByRole('button', { name: /^Key of new override/ }));
      await user.keyboard('override_seed{Enter}');
      await user.click(screen.getByRole('button', { name: /^Display Name of override_seed/ }));
      await user.keyboard('Seed{Enter}');

      const save = screen.getByRole('button', { name: 'Save override_seed' });
      save.focus();
      await user.keyboard('{Enter}');
      await vi.waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
      expect(save).toHaveFocus();
      expect(save).not.toBeDisabled();
      await user.keyboard('{Enter}');
      expect(fetchSpy).toHaveBeenCalledTimes(1);

      const created = definition(9, 'override_seed', { display_name: 'Seed' });
      // the list as the refetch after the save brings it
      act(() => {
        queryClient.setQueryData(overrideDefinitionsQueryOptions().queryKey, [...definitions, created]);
      });
      answer(Response.json(created, { status: 201 }));
      expect(await screen.findByText('Override definition created successfully!')).toBeInTheDocument();
      await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Delete override_seed' })).toHaveFocus());
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("gives the focus to Add New Override after a new row's Cancel, and to the row's Delete after Discard", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add New Override' }));
    screen.getByRole('button', { name: 'Cancel new override' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Add New Override' })).toHaveFocus();

    // rules that do not parse leave an unsaved edit, with Save and Discard
    await user.click(screen.getByRole('button', { name: /^Validation Rules of override_steps/ }));
    await user.keyboard('{End}x{Enter}');
    screen.getByRole('button', { name: 'Discard override_steps' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Delete override_steps' })).toHaveFocus();
  });

  it("gives the focus to the new row's key after Add New Override, ready to edit", async () => {
    const user = userEvent.setup();
    renderTab();
    (await screen.findByRole('button', { name: 'Add New Override' })).focus();
    await user.keyboard('{Enter}');
    const key = screen.getByRole('button', { name: 'Key of new override: —' });
    expect(key).toHaveFocus();
    await user.keyboard('{Enter}override_seed{Enter}');
    expect(screen.getByRole('button', { name: 'Key of override_seed: override_seed' })).toHaveFocus();
    // a second new row: the focus goes to its key, not the first one's
    screen.getByRole('button', { name: 'Add New Override' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Key of new override: —' })).toHaveFocus();
  });

  it("gives the focus to the new row's key after a missing key is picked, and to that row's key when it is picked again", async () => {
    const user = userEvent.setup();
    const rendered = renderTab();
    act(() => {
      rendered.queryClient.setQueryData(missingKeysQueryOptions().queryKey, {
        'video-loop': ['override_cfg_scale', 'override_seed'],
      });
    });
    const keys = await screen.findByRole('group', { name: 'Missing override keys' });
    within(keys).getByRole('button', { name: 'override_cfg_scale' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Key of override_cfg_scale: override_cfg_scale' })).toHaveFocus();

    within(keys).getByRole('button', { name: 'override_seed' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Key of override_seed: override_seed' })).toHaveFocus();
    // the first key again: its row is there already, and the focus goes to it
    within(keys).getByRole('button', { name: 'override_cfg_scale' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByText('New')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Key of override_cfg_scale: override_cfg_scale' })).toHaveFocus();
  });

  it("names each row's Save, Cancel and Discard by the row, as Delete is, keeping the words they show", async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add New Override' }));
    const table = screen.getByRole('table', { name: 'Override definitions' });
    expect(within(table).getByRole('button', { name: 'Save new override' })).toHaveTextContent(/^Save$/);
    expect(within(table).getByRole('button', { name: 'Cancel new override' })).toHaveTextContent(/^Cancel$/);
    await user.click(screen.getByRole('button', { name: /^Key of new override/ }));
    await user.keyboard('override_seed{Enter}');
    expect(within(table).getByRole('button', { name: 'Save override_seed' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Cancel override_seed' })).toBeInTheDocument();

    // an unsaved edit of a saved row beside the new one: each row's buttons say which row
    await user.click(screen.getByRole('button', { name: /^Validation Rules of override_steps/ }));
    await user.keyboard('{End}x{Enter}');
    expect(within(table).getByRole('button', { name: 'Save override_steps' })).toHaveTextContent(/^Save$/);
    expect(within(table).getByRole('button', { name: 'Discard override_steps' })).toHaveTextContent(/^Discard$/);
    expect(within(table).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
