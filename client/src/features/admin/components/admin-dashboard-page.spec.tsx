import { MESSAGES, type OverrideDefinition, type Workflow } from '@atelier/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, testUser } from '../../../test/render-app';
import { makeWorkflow } from '../../../test/workflow-factory';
import { adminUsersQueryOptions } from '../api/admin-users';
import { baseWorkflowsQueryOptions } from '../api/base-workflows';
import { missingKeysQueryOptions, overrideDefinitionsQueryOptions } from '../api/override-definitions';
import { workflowsQueryOptions } from '../../workflows/api/get-workflows';

const slugWorkflowRow = makeWorkflow();

const definition = (over: Partial<OverrideDefinition> = {}): OverrideDefinition => ({
  id: 3,
  override_key: 'override_steps',
  display_name: 'Steps',
  description: null,
  data_type: 'integer',
  validation_rules: { min: 1, max: 150 },
  category: 'Sampling',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('admin dashboard', () => {
  it('shows Access Denied to a role user', () => {
    renderApp('/admin', { user: testUser('user') });
    expect(screen.getByRole('heading', { name: MESSAGES.accessDeniedTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.accessDeniedBody)).toBeInTheDocument();
  });

  it('has the four tabs and keeps the open one in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/admin', { user: testUser('admin') });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Base Workflows', 'Slug Workflows', 'Override Definitions', 'User Management']);
    await user.click(screen.getByRole('tab', { name: 'User Management' }));
    expect(router.state.location.search).toBe('?tab=users');
  });

  it('lists base workflows by name with their size in KB, filtered by the search', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(baseWorkflowsQueryOptions().queryKey, [
        { name: 'upscale.json', size: 2048, sha: 'a' },
        { name: 'video-loop.json', size: 1536, sha: 'b' },
        { name: 'tiny.json', size: 20, sha: 'c' },
      ]);
    });
    const table = await screen.findByRole('table', { name: 'Base workflows' });
    expect(within(table).getByText('2.0 KB')).toBeInTheDocument();
    // twenty bytes are not shown as nothing
    expect(within(within(table).getByText('tiny.json').closest('tr')!).getByText('0.1 KB')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search base workflows'), 'video');
    expect(within(table).queryByText('upscale.json')).not.toBeInTheDocument();
    expect(within(table).getByText('video-loop.json')).toBeInTheDocument();
  });

  it('finds a slug workflow by a name pasted with combining accents, as macOS pastes it', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin?tab=slug-workflows', { user: testUser('admin') });
    const slug = (id: number, name: string): Workflow => ({ ...slugWorkflowRow, id, name, workflow_slug: `s${id}` });
    act(() => {
      queryClient.setQueryData(workflowsQueryOptions().queryKey, [
        slug(1, 'Cr\u00e8me br\u00fbl\u00e9e'),
        slug(2, 'Sunset'),
      ]);
    });
    await screen.findByText('Sunset');
    await user.click(screen.getByLabelText('Search slug workflows'));
    await user.paste('br\u00fbl\u00e9e'.normalize('NFD'));
    expect(screen.getByText('Cr\u00e8me br\u00fbl\u00e9e')).toBeInTheDocument();
    expect(screen.queryByText('Sunset')).not.toBeInTheDocument();
  });

  it('refuses to save a base workflow without a name, and says the change is committed', async () => {
    const user = userEvent.setup();
    renderApp('/admin', { user: testUser('admin') });
    await user.click(screen.getByRole('button', { name: 'Create New Workflow' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Changes are committed to the repository and deployed.')).toBeInTheDocument();
    // Enter in the name saves, as the button does
    await user.type(within(dialog).getByLabelText(/Workflow name/), '{Enter}');
    expect(await within(dialog).findByText(MESSAGES.workflowNameRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Workflow name/), 'portrait');
    expect(within(dialog).getByText('Saved as portrait.json')).toBeInTheDocument();
  });

  it('asks for the delete confirmation password', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(baseWorkflowsQueryOptions().queryKey, [{ name: 'upscale.json', size: 2048, sha: 'a' }]);
    });
    await user.click(await screen.findByRole('button', { name: 'Delete upscale.json' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(MESSAGES.enterDeletePassword)).toBeInTheDocument();
  });

  it('edits an override definition cell in place; Escape puts the old value back', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin?tab=override-definitions', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(overrideDefinitionsQueryOptions().queryKey, [definition()]);
      queryClient.setQueryData(missingKeysQueryOptions().queryKey, { 'video-loop': ['override_cfg_scale'] });
    });
    await user.click(await screen.findByRole('button', { name: /^Display Name of override_steps: / }));
    const input = screen.getByRole('textbox', { name: 'Display Name of override_steps' });
    await user.clear(input);
    await user.type(input, 'Sampling steps{Escape}');
    expect(screen.getByRole('button', { name: /^Display Name of override_steps: / })).toHaveTextContent('Steps');
    // the keyboard left the editor: the focus is back on the cell, not on the page
    expect(screen.getByRole('button', { name: /^Display Name of override_steps: / })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'override_cfg_scale' }));
    expect(screen.getByRole('button', { name: /^Display Name of override_cfg_scale: / })).toHaveTextContent(
      'Cfg Scale',
    );
    expect(screen.getByText('New')).toBeInTheDocument();

    // picked again, the key is the row already there, not a second one that could only fail as a duplicate
    await user.click(screen.getByRole('button', { name: 'override_cfg_scale' }));
    expect(screen.getAllByText('New')).toHaveLength(1);
  });

  it('discards a new override row whose key is empty', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin?tab=override-definitions', { user: testUser('admin') });
    act(() => {
      queryClient.setQueryData(overrideDefinitionsQueryOptions().queryKey, []);
    });
    await user.click(await screen.findByRole('button', { name: 'Add New Override' }));
    expect(screen.getByText('New')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save new override' }));
    expect(screen.queryByText('New')).not.toBeInTheDocument();
  });

  it('lists users with role, counts and the first 12 characters of the API key or Not set', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderApp('/admin?tab=users', { user: testUser('super_admin') });
    const base = {
      email: 'a@example.test',
      job_count: 4,
      folder_count: 2,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    act(() => {
      queryClient.setQueryData(adminUsersQueryOptions().queryKey, [
        { ...base, id: 1, username: 'ada', role: 'admin', eok_api_key: 'sk-abcdefghijklmnop' },
        { ...base, id: 2, username: 'bob', role: 'user', eok_api_key: null },
      ]);
    });
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByText('sk-abcdefghi...')).toBeInTheDocument();
    expect(within(table).getByText('Not set')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText(MESSAGES.fillRequiredFields)).toBeInTheDocument();
  });
});
