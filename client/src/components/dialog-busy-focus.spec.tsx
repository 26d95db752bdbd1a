import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { BaseWorkflowEditorDialog } from '../features/admin/components/base-workflow-editor-dialog';
import { PasswordConfirmDialog } from '../features/admin/components/password-confirm-dialog';
import { UserFoldersPanel } from '../features/admin/components/user-folders-panel';
import { UserFormDialog } from '../features/admin/components/user-form-dialog';
import { FolderForm } from '../features/gallery/components/folder-form';
import { CancelJobDialog } from '../features/jobs/components/cancel-job-dialog';
import { CloneJobDialog } from '../features/jobs/components/clone-job-dialog';
import { renderUi } from '../test/render-ui';
import { ConfirmDialog } from './confirm-dialog';
import { expectBusyKeepingFocus } from '../test/busy-focus';
import { holdFetch } from '../test/held-fetch';

/**
 * A dialog's submit button pressed with Enter keeps the focus while the request runs (Chakra's
 * `loading` disabled it and the focus fell to the page, outside the dialog) and sends one request.
 */
describe('dialog submit buttons, from the keyboard', () => {
  let user: UserEvent;
  let fetchSpy: MockInstance<typeof fetch>;
  beforeEach(() => {
    user = userEvent.setup();
    fetchSpy = holdFetch().spy;
  });
  afterEach(() => fetchSpy.mockRestore());

  /** Enter on `button`: it shows busy, keeps the focus, and a second press sends nothing more. */
  async function staysFocusedWhileBusy(button: HTMLElement) {
    button.focus();
    await user.keyboard('{Enter}');
    await expectBusyKeepingFocus(button, user, fetchSpy);
  }

  it('Admin, Users: Create User', async () => {
    renderUi(<UserFormDialog user={null} onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Username/), 'marie');
    await user.type(within(dialog).getByLabelText(/Email/), 'marie@example.com');
    await user.type(within(dialog).getByLabelText(/Password/), 'a-long-password-1');
    await staysFocusedWhileBusy(within(dialog).getByRole('button', { name: 'Create User' }));
    // Enter in a field submits nothing more either
    await user.type(within(dialog).getByLabelText(/Email/), '{Enter}');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('Admin, Manage user > Folders: Create Folder (Confirm Delete: user-folders-panel.spec)', async () => {
    renderUi(<UserFoldersPanel userId={7} />);
    await user.type(screen.getByLabelText('Folder name'), 'Keepers');
    await staysFocusedWhileBusy(screen.getByRole('button', { name: 'Create Folder' }));
  });

  it('Admin, Base Workflows: Create Workflow (and Enter in its name sends one save)', async () => {
    renderUi(<BaseWorkflowEditorDialog filename={null} onClose={() => {}} onSaved={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Workflow name/), 'portrait');
    await staysFocusedWhileBusy(within(dialog).getByRole('button', { name: 'Create Workflow' }));
    await user.type(within(dialog).getByLabelText(/Workflow name/), '{Enter}');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('Job details: Cancel job', async () => {
    renderUi(<CancelJobDialog job={{ id: 5, job_name: 'Harbour' }} onCancelling={() => {}} onTooLate={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    await staysFocusedWhileBusy(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel job' }),
    );
  });

  it('Job details: Clone job', async () => {
    renderUi(
      <MemoryRouter>
        <CloneJobDialog job={{ id: 5, job_name: 'Harbour' }} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    await staysFocusedWhileBusy(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clone job' }));
  });

  it('Gallery, Manage Folders: Create Folder', async () => {
    renderUi(<FolderForm folders={[]} editing={null} onDone={() => {}} />);
    await user.type(screen.getByLabelText('Folder name'), 'Keepers');
    await staysFocusedWhileBusy(screen.getByRole('button', { name: 'Create Folder' }));
  });

  it('a delete question (user, slug workflow) and the delete password dialog keep the focus on Delete', async () => {
    const onConfirm = vi.fn();
    const question = (pending: boolean) => (
      <ConfirmDialog title="Delete user" open pending={pending} error={null} onConfirm={onConfirm} onClose={() => {}}>
        Delete marie?
      </ConfirmDialog>
    );
    const { rerenderUi, unmount } = renderUi(question(false));
    const remove = within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' });
    remove.focus();
    await user.keyboard('{Enter}');
    rerenderUi(question(true));
    expect(remove).toHaveFocus();
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    unmount();

    const withPassword = (pending: boolean) => (
      <PasswordConfirmDialog
        title="Delete base workflow"
        description="Delete portrait.json?"
        open
        pending={pending}
        error={null}
        onConfirm={onConfirm}
        onClose={() => {}}
      />
    );
    const rendered = renderUi(withPassword(false));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Delete confirmation password'), 'secret');
    const confirmDelete = within(dialog).getByRole('button', { name: /Delete/ });
    confirmDelete.focus();
    await user.keyboard('{Enter}');
    rendered.rerenderUi(withPassword(true));
    expect(confirmDelete).toHaveFocus();
    expect(confirmDelete).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
