import { MESSAGES, type AdminUser } from '@atelier/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, testUser } from '../../../test/render-app';
import { adminUsersQueryOptions, userDeletePreviewQueryOptions } from '../api/admin-users';
import { userFoldersQueryOptions } from '../api/user-folders';
import { userWorkflowsQueryOptions } from '../api/user-workflows';

const bob: AdminUser = {
  id: 2,
  username: 'bob',
  email: 'bob@example.test',
  role: 'user',
  eok_api_key: null,
  job_count: 3,
  folder_count: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const workflow = {
  workflow_type: 'comfyui',
  category: 'Image Generation',
  has_access: false,
  is_hidden: false,
} as const;

const SEES_ALL = 'This user currently sees every workflow: an admin role, or no grant yet.';

function renderUsers() {
  const rendered = renderApp('/admin?tab=users', { user: testUser('super_admin') });
  act(() => {
    rendered.queryClient.setQueryData(adminUsersQueryOptions().queryKey, [bob]);
  });
  return rendered;
}

describe('user management', () => {
  /** The users tab as `viewer` sees it, listing bob and a super admin. */
  function renderWithSuperAdmin(viewer: 'admin' | 'super_admin') {
    const rendered = renderApp('/admin?tab=users', { user: testUser(viewer) });
    act(() => {
      rendered.queryClient.setQueryData(adminUsersQueryOptions().queryKey, [
        bob,
        { ...bob, id: 5, username: 'root', role: 'super_admin' },
      ]);
    });
    return rendered;
  }

  const roleChoices = async () =>
    [...(within(await screen.findByRole('dialog')).getByLabelText('Role') as HTMLSelectElement).options].map(
      (option) => option.value,
    );

  it('offers an admin no change to a super admin, nor that role to grant', async () => {
    const user = userEvent.setup();
    renderWithSuperAdmin('admin');
    const rootRow = (await screen.findByRole('cell', { name: 'root' })).closest('tr')!;
    expect(within(rootRow).queryByRole('button')).toBeNull();
    expect(within(rootRow).getByText('Super admins only')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit bob' }));
    expect(await roleChoices()).toEqual(['user', 'admin']);
  });

  it('offers a super admin every role and every row', async () => {
    const user = userEvent.setup();
    renderWithSuperAdmin('super_admin');
    await user.click(await screen.findByRole('button', { name: 'Edit root' }));
    expect(await roleChoices()).toEqual(['user', 'admin', 'super_admin']);
  });

  it('offers no one a Delete of their own account nor a change of their own role', async () => {
    const user = userEvent.setup();
    const viewer = testUser('admin');
    const rendered = renderApp('/admin?tab=users', { user: viewer });
    act(() => {
      rendered.queryClient.setQueryData(adminUsersQueryOptions().queryKey, [
        bob,
        { ...bob, id: viewer.id, username: viewer.username, role: 'admin' },
      ]);
    });
    expect(await screen.findByRole('button', { name: 'Delete bob' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Delete ${viewer.username}` })).toBeNull();
    await user.click(screen.getByRole('button', { name: `Edit ${viewer.username}` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByText('You cannot change your own role')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit bob' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Role')).toBeEnabled();
  });

  it("shows the key's first 12 characters, with '...' only when the key may go on", async () => {
    const rendered = renderApp('/admin?tab=users', { user: testUser('super_admin') });
    act(() => {
      rendered.queryClient.setQueryData(adminUsersQueryOptions().queryKey, [
        { ...bob, id: 2, username: 'short', eok_api_key: 'abc' },
        { ...bob, id: 3, username: 'long', eok_api_key: 'abcdefghijkl' },
        { ...bob, id: 4, username: 'none', eok_api_key: null },
      ]);
    });
    const row = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;
    expect(within(await row('short')).getByText('abc', { exact: true })).toBeTruthy();
    expect(within(await row('long')).getByText('abcdefghijkl...', { exact: true })).toBeTruthy();
    expect(within(await row('none')).getByText('Not set')).toBeTruthy();
  });

  it('manages permissions (granted of total) and folders (hotkey upper-case, unfolder warning)', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderUsers();
    act(() => {
      queryClient.setQueryData(userWorkflowsQueryOptions(2).queryKey, [
        { ...workflow, id: 1, name: 'Text to Image', has_access: true },
        { ...workflow, id: 2, name: 'Upscale 4x' },
      ]);
      queryClient.setQueryData(userFoldersQueryOptions(2).queryKey, [
        { id: 9, name: 'Keepers', hotkey: 'k', color: '#3B82F6', created_at: '2026-01-01T00:00:00.000Z' },
      ]);
    });
    await user.click(await screen.findByRole('button', { name: 'Manage bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 of 2 workflows granted')).toBeInTheDocument();
    expect(within(dialog).queryByText(SEES_ALL)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Text to Image' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Upscale 4x' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('tab', { name: 'Folders' }));
    expect(await within(dialog).findByText('K')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Folder' }));
    expect(within(dialog).getByText(MESSAGES.folderNameRequired)).toBeInTheDocument();
    // Edit fills the form above with the folder and takes the keyboard to its name
    await user.click(within(dialog).getByRole('button', { name: 'Edit folder Keepers' }));
    expect(within(dialog).getByLabelText(/Folder name/)).toHaveFocus();
    expect(within(dialog).getByLabelText(/Folder name/)).toHaveValue('Keepers');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder Keepers' }));
    expect(within(dialog).getByText('Delete Keepers? Its images will be unfoldered.')).toBeInTheDocument();
  });

  it("clears the create form's error once a folder is picked to edit: its name is there", async () => {
    const user = userEvent.setup();
    const { queryClient } = renderUsers();
    act(() => {
      queryClient.setQueryData(userFoldersQueryOptions(2).queryKey, [
        { id: 9, name: 'Keepers', hotkey: 'k', color: '#3B82F6', created_at: '2026-01-01T00:00:00.000Z' },
      ]);
    });
    await user.click(await screen.findByRole('button', { name: 'Manage bob' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: 'Folders' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Create Folder' }));
    expect(within(dialog).getByText(MESSAGES.folderNameRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Edit folder Keepers' }));
    expect(within(dialog).getByLabelText(/Folder name/)).toHaveValue('Keepers');
    expect(within(dialog).queryByText(MESSAGES.folderNameRequired)).not.toBeInTheDocument();
  });

  it('says who sees every workflow: a user with no grant, or an admin whatever the grants', async () => {
    const user = userEvent.setup();
    const rendered = renderApp('/admin?tab=users', { user: testUser('super_admin') });
    act(() => {
      rendered.queryClient.setQueryData(adminUsersQueryOptions().queryKey, [
        bob,
        { ...bob, id: 3, username: 'carol', role: 'admin' },
      ]);
      rendered.queryClient.setQueryData(userWorkflowsQueryOptions(2).queryKey, [
        { ...workflow, id: 1, name: 'Text to Image' },
      ]);
      rendered.queryClient.setQueryData(userWorkflowsQueryOptions(3).queryKey, [
        { ...workflow, id: 1, name: 'Text to Image', has_access: true },
      ]);
    });
    await user.click(await screen.findByRole('button', { name: 'Manage bob' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('0 of 1 workflows granted')).toBeInTheDocument();
    expect(within(dialog).getByText(SEES_ALL)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(await screen.findByRole('button', { name: 'Manage carol' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('1 of 1 workflows granted')).toBeInTheDocument();
    expect(within(dialog).getByText(SEES_ALL)).toBeInTheDocument();
  });

  it('shows a granted hidden workflow, which limits the user to nothing visible, so it can be revoked', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderUsers();
    act(() => {
      queryClient.setQueryData(userWorkflowsQueryOptions(2).queryKey, [
        { ...workflow, id: 1, name: 'Text to Image' },
        { ...workflow, id: 5, name: 'Retired', has_access: true, is_hidden: true },
      ]);
    });
    await user.click(await screen.findByRole('button', { name: 'Manage bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('0 of 1 workflows granted')).toBeInTheDocument();
    expect(within(dialog).queryByText(SEES_ALL)).not.toBeInTheDocument();
    const retired = within(dialog).getByRole('checkbox', { name: 'Retired' });
    expect(retired).toBeChecked();
    expect(within(retired.closest('[role="listitem"]') as HTMLElement).getByText('hidden')).toBeInTheDocument();
  });

  it('shows what deleting a user removes', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderUsers();
    act(() => {
      queryClient.setQueryData(userDeletePreviewQueryOptions(2).queryKey, {
        jobs: 3,
        folders: 1,
        configs: 2,
        favorites: 4,
      });
    });
    await user.click(await screen.findByRole('button', { name: 'Delete bob' }));
    const dialog = await screen.findByRole('alertdialog');
    const removed = within(dialog).getByRole('list', { name: 'Removed with the user' });
    expect(
      within(removed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3 jobs', '1 folder', '2 configs', '4 favourites']);
  });

  it('says what goes with a user when their counts cannot be read, rather than loading for ever', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderUsers();
    await act(() =>
      queryClient.prefetchQuery({
        ...userDeletePreviewQueryOptions(2),
        queryFn: () => Promise.reject(new Error('offline')),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete bob' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText('Could not count them: its jobs, folders, configs and favourites.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('keeps the current password when editing and asks for the email', async () => {
    const user = userEvent.setup();
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Edit bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave blank to keep the current password.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(MESSAGES.fillRequiredFields)).toBeInTheDocument();
  });
});
