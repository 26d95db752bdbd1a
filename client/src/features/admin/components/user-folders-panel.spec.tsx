import type { Folder } from '@atelier/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { userFoldersQueryOptions } from '../api/user-folders';
import { UserFoldersPanel } from './user-folders-panel';
import { holdFetch } from '../../../test/held-fetch';

const folder = (id: number, name: string): Folder => ({
  id,
  name,
  hotkey: null,
  color: '#3B82F6',
  created_at: '2026-01-01T00:00:00.000Z',
});

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  queryClient.setQueryData(userFoldersQueryOptions(7).queryKey, [folder(1, 'Keepers'), folder(2, 'Drafts')]);
  render(
    <AppProviders queryClient={queryClient} store={createStore()}>
      <UserFoldersPanel userId={7} />
    </AppProviders>,
  );
}

describe('UserFoldersPanel, from the keyboard', () => {
  it('names each Delete by its folder, and Cancel or a done delete leaves the focus somewhere, not on the page', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(Response.json({ message: 'Folder deleted', images_unfoldered: 0 })));
    try {
      renderPanel();
      const deleteDrafts = screen.getByRole('button', { name: 'Delete folder Drafts' });
      deleteDrafts.focus();
      await user.keyboard('{Enter}');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('button', { name: 'Confirm Delete' })).not.toBeInTheDocument();
      expect(deleteDrafts).toHaveFocus();

      await user.keyboard('{Enter}');
      screen.getByRole('button', { name: 'Confirm Delete' }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByLabelText('Folder name')).toHaveFocus());
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('leaves the edit of a folder once that folder is deleted, for a new one', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() =>
        Promise.resolve(Response.json({ message: 'Folder "Drafts" deleted', images_unfoldered: 2 })),
      );
    try {
      renderPanel();
      await user.click(screen.getByRole('button', { name: 'Edit folder Drafts' }));
      expect(screen.getByRole('form', { name: 'Edit folder' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Delete folder Drafts' }));
      await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
      await waitFor(() => expect(screen.getByRole('form', { name: 'Create folder' })).toBeInTheDocument());
      expect(screen.getByLabelText('Folder name')).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Create Folder' })).toBeInTheDocument();
      expect(screen.getByText('Folder "Drafts" deleted (2 images unfoldered)')).toBeInTheDocument();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('keeps the focus on Confirm Delete while the folder is deleted, and sends one delete', async () => {
    const user = userEvent.setup();
    const { spy: fetchSpy } = holdFetch();
    try {
      renderPanel();
      await user.click(screen.getByRole('button', { name: 'Delete folder Drafts' }));
      const confirm = screen.getByRole('button', { name: 'Confirm Delete' });
      confirm.focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(confirm).toHaveAttribute('aria-busy', 'true'));
      expect(confirm).toHaveFocus();
      expect(confirm).not.toBeDisabled();
      await user.keyboard('{Enter}');
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
