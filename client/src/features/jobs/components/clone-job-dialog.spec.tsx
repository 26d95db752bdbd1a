import { MESSAGES } from '@atelier/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test/render-ui';
import { CloneJobDialog } from './clone-job-dialog';

/** A clone whose answer was lost may have been made: sent again, it carries that attempt's key. */
describe('Clone job dialog, sending again', () => {
  const keys: string[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((_url, init) => {
    keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '(none)');
    return keys.length === 1
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Promise.resolve(Response.json({ id: 40 + keys.length }, { status: 201 }));
  });
  afterEach(() => {
    fetchSpy.mockClear();
    keys.length = 0;
  });

  it('resends a clone that got no answer under its key, and takes a new one for the next clone', async () => {
    const user = userEvent.setup();
    renderUi(
      <MemoryRouter>
        <CloneJobDialog job={{ id: 9, job_name: 'Lighthouses' }} />
      </MemoryRouter>,
    );
    const cloneOnce = async () => {
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Clone job' }));
    };
    await user.click(screen.getByRole('button', { name: 'Clone' }));
    await cloneOnce();
    expect(await screen.findByText(MESSAGES.cloneJobFailed)).toBeInTheDocument();
    await cloneOnce();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Clone' }));
    await cloneOnce();
    await vi.waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
