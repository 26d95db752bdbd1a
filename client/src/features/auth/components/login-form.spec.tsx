import { MESSAGES } from '@atelier/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expireStoredSession, writeStoredSession } from '../../../lib/session-storage';
import { renderApp } from '../../../test/render-app';

describe('login screen', () => {
  // Observed, not faked: these cases must never reach the network at all.
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  afterEach(() => fetchSpy.mockClear());

  it('labels both fields and offers Sign in', () => {
    renderApp('/');
    expect(screen.getByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('asks for both fields before sending anything', async () => {
    const user = userEvent.setup();
    renderApp('/');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginFieldsRequired);

    await user.type(screen.getByLabelText('Username'), 'marie');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginFieldsRequired);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');

    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('treats a blank username as missing', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.type(screen.getByLabelText('Username'), '   ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.loginFieldsRequired);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('answers a username or password longer than any account has with Invalid credentials', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByLabelText('Username'));
    await user.paste('m'.repeat(201));
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says why the visitor is back at the login screen when the server ended the session, once', () => {
    writeStoredSession({ token: 'tok', user: { id: 1, username: 'marie', role: 'user' } });
    expireStoredSession('tok');
    const { unmount } = renderApp('/history');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended');
    unmount();

    // a sign-in (here: another session written) clears it
    writeStoredSession({ token: 'tok-2', user: { id: 1, username: 'marie', role: 'user' } });
    writeStoredSession(null);
    renderApp('/');
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });

  it('says nothing of an ended session to a visitor who was never signed in', () => {
    expireStoredSession('tok');
    renderApp('/');
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });

  it.each(['/history', '/admin', '/no/such/page'])('is all a signed-out visitor sees at %s', (path) => {
    const { router } = renderApp(path);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('keeps the focus on Sign in while signing in (a disabled button dropped it to the page) and sends one login', async () => {
    const user = userEvent.setup();
    fetchSpy.mockImplementationOnce(() => new Promise<Response>(() => {}));
    renderApp('/');
    await user.type(screen.getByLabelText('Username'), 'marie');
    await user.type(screen.getByLabelText('Password'), 'secret');
    screen.getByRole('button', { name: 'Sign in' }).focus();
    await user.keyboard('{Enter}');
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toHaveFocus();
    expect(busy).not.toBeDisabled();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    // a second Enter, a click, or Enter in the password field sends nothing more
    await user.keyboard('{Enter}');
    await user.click(busy);
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
