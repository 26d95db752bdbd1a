import type { AdminUser } from '@atelier/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { readStoredSession, sessionEndedByServer } from '../../../lib/session-storage';
import { holdFetch } from '../../../test/held-fetch';
import { renderApp, testUser } from '../../../test/render-app';
import { ADMIN_MESSAGES } from '../admin-messages';
import { adminUsersQueryOptions } from '../api/admin-users';

const me = testUser('admin');
const myRow: AdminUser = {
  ...me,
  email: 'me@example.test',
  eok_api_key: null,
  job_count: 0,
  folder_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

let held: ReturnType<typeof holdFetch> | undefined;
afterEach(() => held?.spy.mockRestore());

describe('an admin changing their own password', () => {
  it('stays signed in under the session the server answers, whatever the old token is refused meanwhile', async () => {
    const user = userEvent.setup();
    const rendered = renderApp('/admin?tab=users', { user: me });
    act(() => {
      rendered.queryClient.setQueryData(adminUsersQueryOptions().queryKey, [myRow]);
    });
    const oldToken = readStoredSession()!.token;

    await user.click(within((await screen.findByRole('cell', { name: me.username })).closest('tr')!).getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Password/), 'my own new password');
    held = holdFetch();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(held!.requests()).toHaveLength(1));
    const put = held.requests()[0]!;
    expect(put.url.pathname).toBe(`/api/admin/users/${me.id}`);

    // a poll sent with the old token, answered once the password has changed and before the PUT is
    const poll = apiRequest('/jobs', z.unknown());
    await waitFor(() => expect(held!.requests()).toHaveLength(2));
    held.requests()[1]!.answer(Response.json({ error: 'Unauthorized' }, { status: 401 }));
    await expect(poll).rejects.toMatchObject({ status: 401 });
    expect(readStoredSession()?.token).toBe(oldToken);

    put.answer(Response.json({ ...myRow, token: 'token-under-the-new-password' }));
    await waitFor(() => expect(readStoredSession()?.token).toBe('token-under-the-new-password'));
    expect(readStoredSession()?.user).toEqual(me);
    expect(sessionEndedByServer()).toBe(false);
    expect(await screen.findByText(ADMIN_MESSAGES.userUpdated)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
  });
});
